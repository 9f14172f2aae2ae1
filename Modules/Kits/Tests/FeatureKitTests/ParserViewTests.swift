import ArgumentParser
import DI
import FeatureKit
import FeatureKitTesting
import Synchronization
import TestScheduling
import Testing

/// `Application.parserView(of:)`: a root seen through it is parsed without ArgumentParser's look for a completion
/// script request when the line cannot make one, and every line prints what it prints without the view.
@Suite(.untimed) struct ParserViewTests {
  /// Runs `arguments` in process under `root`; its exit status, standard output and standard error.
  private func run(_ arguments: [String], root: any ParsableCommand.Type) async -> [String] {
    let output = CapturedText()
    let errors = CapturedText()
    let app = Application(
      root: root, features: [EchoPlugin.self], environment: ["APP_HOME": "/nonexistent/parser-view"],
      terminal: Terminal(output: output.sink, errors: errors.sink))
    let status = await app.run(arguments)
    return ["\(status)", output.value, errors.value]
  }

  @Test(arguments: [
    ["echo", "hi"], ["echo", "--loud", "hi"], ["echo", "--bogus"], ["echo"], ["echo", "hi", "extra", "--loud=x"],
    ["echo", "--generate-completion-script", "bash"], ["echo", "--generate-completion-script=zsh"],
    ["--generate-completion-script"], ["help", "echo"], ["echo", "--help"], ["bogus"], ["echo", "-l", "--", "-x"],
  ])
  func everyLinePrintsWhatItPrintsWithoutTheView(arguments: [String]) async {
    let viewed = await run(arguments, root: ViewedRoot.self)
    let plain = await run(arguments, root: PlainRoot.self)
    #expect(viewed == plain)
  }

  @Test func theLookIsSkippedOnlyWhileALineThatCannotAskForAScriptIsParsed() async {
    WatchedRoot.seen.withLock { $0 = [] }
    _ = await run(["echo", "hi"], root: WatchedRoot.self)
    #expect(WatchedRoot.seen.withLock { $0 }.contains(true), "the parser saw the root name a command above it")
    WatchedRoot.seen.withLock { $0 = [] }
    _ = await run(["echo", "--generate-completion-script", "bash"], root: WatchedRoot.self)
    #expect(!WatchedRoot.seen.withLock { $0 }.contains(true), "a line that names the option is parsed as it was")
    #expect(Application.parserView(of: PlainRoot.configuration)._superCommandName == nil, "outside a parse")
  }
}

/// `app echo [--loud] <words>…`: takes words, and does nothing with them (its parse is what is tested).
private struct EchoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "echo", abstract: "Print the words.")

  @Flag(name: .shortAndLong, help: "Shout them.") var loud = false
  @Argument(help: "The words.") var words: [String]

  func run() throws {}
}

private enum EchoPlugin: FeaturePlugin {
  static var assemblies: [any Assembly] { [] }
  static var command: any ParsableCommand.Type { EchoCommand.self }
}

/// The root as the app declares it: its configuration seen through the parser view.
private struct ViewedRoot: ParsableCommand {
  static var configuration: CommandConfiguration {
    Application.parserView(of: Application.rootConfiguration(features: [EchoPlugin.self]))
  }
}

/// The same root, noting what each look at its configuration found; only one test parses with it.
private struct WatchedRoot: ParsableCommand {
  /// Whether each look found the configuration naming a command above the root.
  static let seen = Mutex<[Bool]>([])

  static var configuration: CommandConfiguration {
    let view = Application.parserView(of: Application.rootConfiguration(features: [EchoPlugin.self]))
    seen.withLock { $0.append(view._superCommandName != nil) }
    return view
  }
}

/// The same root without the view.
private struct PlainRoot: ParsableCommand {
  static var configuration: CommandConfiguration { Application.rootConfiguration(features: [EchoPlugin.self]) }
}
