import TestScheduling
import Testing

@testable import FeatureKit

/// Which command lines may show a help page, and so make the app build the pages in its commands' configurations
/// (the settings page, the root's examples); the others skip that work.
@Suite(.untimed) struct HelpPagesTests {
  @Test(arguments: [
    [], ["--help"], ["-h"], ["help"], ["help", "settings"], ["settings", "--help"], ["courses", "-h"],
    ["--experimental-dump-help"], ["--generate-completion-script", "bash"], ["--generate-completion-script=zsh"],
  ])
  func aCommandLineThatMayShowHelpBuildsThePages(arguments: [String]) {
    #expect(CommandLineGuide.mayShowHelp(arguments))
  }

  @Test(arguments: [
    ["courses", "--offline"], ["cache", "info"], ["search", "swift"], ["courses", "--bogus"], ["settings"],
    ["search", "helpful"], ["--version"],
  ])
  func anyOtherCommandLineSkipsThem(arguments: [String]) {
    #expect(!CommandLineGuide.mayShowHelp(arguments))
  }
}
