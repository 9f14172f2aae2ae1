import FeatureKit
import FeatureKitTesting
import Foundation
import Repository
import TestScheduling
import Testing
import UseCase

@Suite(.untimed) struct TerminalOutputTests {
  @Test func spinnerIsSilentWhenStandardErrorIsNotATerminal() async throws {
    let errors = CapturedText()
    let terminal = Terminal(output: CapturedText().sink, errors: errors.sink, errorsAreInteractive: false)
    let value = await Spinner.run("Loading", on: terminal) { 42 }
    #expect(value == 42)
    #expect(errors.value.isEmpty)
  }

  @Test func spinnerShowsTheMessageAndErasesItsLine() async throws {
    let errors = CapturedText()
    let terminal = Terminal(output: CapturedText().sink, errors: errors.sink, errorsAreInteractive: true)
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    let value = await Spinner.run("Loading courses…", on: terminal) {
      // Wait until the first frame is drawn, so the assertion below cannot race the animation.
      // Bounded, so a spinner that never draws fails the assertions below instead of hanging the test.
      let deadline = ContinuousClock.now + .seconds(5)
      while !errors.value.contains("Loading courses…") && ContinuousClock.now < deadline { await Task.yield() }
      continuation.finish()
      for await _ in stream {}
      return "done"
    }
    #expect(value == "done")
    #expect(errors.value.contains("⠋ Loading courses…"))
    #expect(errors.value.hasSuffix("\r\u{1B}[2K"))
  }

  @Test func spinnerPassesErrorsThrough() async {
    struct Boom: Error {}
    let terminal = Terminal(output: CapturedText().sink, errors: CapturedText().sink, errorsAreInteractive: true)
    await #expect(throws: Boom.self) {
      try await Spinner.run("x", on: terminal) { () async throws -> Int in throw Boom() }
    }
  }

  @Test func jsonIsPrettySortedAndEndsWithANewline() throws {
    struct Result: Encodable { let stale: Bool; let source: DataSource; let url: String }
    let text = try JSONOutput.text(Result(stale: false, source: .cache, url: "https://github.com/apple/swift"))
    #expect(
      text == """
        {
          "source" : "cache",
          "stale" : false,
          "url" : "https://github.com/apple/swift"
        }

        """)
  }
}
