import Presenter
import TestScheduling
import Testing

@testable import FeatureKit

/// What `app ui <feature>` takes after the name: nothing, or words that are options only before a `--`.
@Suite(.untimed) struct ScreenArgumentsTests {
  @Test func nothingTakesNoWordNorOption() throws {
    try ScreenArguments.nothing.check([], quoted: [], of: "courses")
    for (words, quoted, title) in [
      (["extra"], [], "Unexpected argument 'extra': app ui courses takes no arguments"),
      (["--bogus", "extra"], [], "Unknown option '--bogus': app ui courses takes no arguments"),
      ([], ["--bogus"], "Unexpected argument '--bogus': app ui courses takes no arguments"),
    ] {
      let error = #expect(throws: UserFacingError.self) {
        try ScreenArguments.nothing.check(words, quoted: quoted, of: "courses")
      }
      #expect(error?.title == title)
      #expect(error?.kind == .usage)
      #expect(
        error?.hint == "Usage: app ui [--offline] courses\n  See 'app ui --help' for the features and what each takes.")
    }
  }

  @Test func wordsTakeAnyWordAndAfterADashDashAnOptionToo() throws {
    let query = ScreenArguments.words("query")
    try query.check(["swift", "-", "language:swift"], quoted: ["-foo", "--bar"], of: "search")
    let error = #expect(throws: UserFacingError.self) {
      try query.check(["swift", "-x"], quoted: [], of: "search")
    }
    #expect(
      error?.title
        == "Unknown option '-x': app ui search takes no options; a query that begins with '-' goes after --, as in "
        + "app ui search -- -x")
    #expect(error?.hint.hasPrefix("Usage: app ui [--offline] search [<query> ...]\n") == true)
  }

  @Test func theCommandLineSeparatesWordsFromWhatFollowsADashDash() throws {
    let command = try UICommand.parse(["search", "--offline", "swift", "--", "-foo", "--offline"])
    #expect(command.startsWith.offline)
    #expect(command.startsWith.arguments == ["swift", "-foo", "--offline"])
  }
}
