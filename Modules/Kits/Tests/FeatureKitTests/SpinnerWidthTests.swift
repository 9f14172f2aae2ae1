import FeatureKit
import FeatureKitTesting
import TestScheduling
import Testing

/// A spinner's frame never wraps: its message is cut to the terminal's width by display width, so each frame
/// erases the whole of the one before.
@Suite(.untimed) struct SpinnerWidthTests {
  static let message = "Loading octo-organisation/an-exceedingly-long-repository-name…"

  /// The frames a spinner showing `message` on a terminal `columns` wide draws, two of them at least.
  static func frames(of message: String, columns: Int) async throws -> [String] {
    let errors = CapturedText()
    let sink = errors.sink
    let (written, writing) = AsyncStream<Void>.makeStream()
    let signalling = TextSink { text in
      sink.write(text)
      writing.yield()
    }
    let terminal = Terminal(
      output: TextSink { _ in }, errors: signalling, isInteractive: true, errorsAreInteractive: true, columns: columns,
      rows: 24)
    await Spinner.run(message, on: terminal) {
      // Held until the spinner has drawn two frames.
      var frames = 0
      for await _ in written {
        frames += 1
        if frames == 2 { break }
      }
    }
    #expect(errors.value.hasSuffix("\r\u{1B}[2K"), "the line is erased at the end")
    return errors.value.components(separatedBy: "\r\u{1B}[2K").filter { !$0.isEmpty }
  }

  @Test(arguments: [
    (40, "Loading octo-organisation/an-exceedin…"),
    (60, "Loading octo-organisation/an-exceedingly-long-repository-…"),
    (80, message),
  ])
  func aLongMessageIsCutToTheWidth(columns: Int, shown: String) async throws {
    let frames = try await Self.frames(of: Self.message, columns: columns)
    #expect(frames.count >= 2)
    #expect(Array(frames.prefix(2)) == ["⠋ " + shown, "⠙ " + shown])
    for frame in frames {
      #expect(DisplayWidth.of(frame) <= columns, "\(frame)")
    }
  }

  @Test func wideCharactersCountTwoColumns() async throws {
    let frames = try await Self.frames(of: "Loading 日本語のリポジトリ名前です…", columns: 20)
    #expect(frames.first == "⠋ Loading 日本語の…")
    #expect(frames.allSatisfy { DisplayWidth.of($0) <= 20 })
  }

  @Test func controlCharactersInTheMessageNeverReachTheTerminal() async throws {
    let frames = try await Self.frames(of: "Loading a\u{1B}[2Jb\nc", columns: 80)
    #expect(frames.first == "⠋ Loading a[2Jb c")
  }
}
