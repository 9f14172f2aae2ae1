#if FEATURE_COURSES
  import FeatureKit
  import Foundation
  import Reliability
  import TestScheduling
  import TestSupport
  import Testing

  /// The demo catalog's note on a first run, in a real terminal (tmux) at several widths: wrapped at spaces to the
  /// width when standard error is the terminal, as it is when piped otherwise.
  @Suite(.untimed) struct RealTerminalNoteWrappingTests {
    /// The note as a pipe gets it: one line, as the app words it.
    static func pipedNote() async throws -> String {
      let home = AppHome(label: "note-piped")
      defer { home.remove() }
      let run = try await AppRunner.run(["courses"], environment: ["APP_HOME": home.url.path])
      #expect(run.status == 0)
      let notes = run.stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }
      #expect(notes.count == 1, "\(run.stderr)")
      return String(try #require(notes.first))
    }

    /// Runs `command` (a shell fragment after the app's path) in a fresh home in a `width` × 40 tmux; returns its
    /// exit status and every line it left.
    func terminalRun(_ command: String, width: Int) async throws -> (status: Int32, lines: [String]) {
      let home = AppHome(label: "note-terminal")
      defer { home.remove() }
      let session = try await TerminalSession.start(
        RealTerminalTests.quoted(AppRunner.executable.path) + " " + command, width: width, height: 40,
        environment: ["APP_HOME": home.url.path])
      defer { Task { await session.stop() } }
      return try await session.waitForExit()
    }

    @Test(arguments: [80, 60, 40])
    func theNoteIsWrappedAtSpacesToTheTerminal(width: Int) async throws {
      let note = try await Self.pipedNote()
      let expected = DisplayWidth.wrapped(note, to: width).split(separator: "\n").map(String.init)
      #expect(expected.count > 1 || DisplayWidth.of(note) <= width)

      for command in ["courses", "courses | cat"] {
        let (status, lines) = try await terminalRun(command, width: width)
        #expect(status == 0, "\(lines.suffix(5))")
        let start = try #require(lines.firstIndex { $0.hasPrefix("note: ") }, "\(lines)")
        #expect(
          Array(lines[start...].prefix(expected.count)) == expected, "`app \(command)` at \(width) columns: \(lines)")
        #expect(lines.filter { $0.hasPrefix("note: ") }.count == 1)
        for line in lines[start...].prefix(expected.count) {
          #expect(DisplayWidth.of(line) <= width, "`app \(command)` at \(width) columns: \(line)")
        }
        #expect(lines.contains { $0.hasPrefix("Categories") }, "the screen follows")
      }
      // The words are the note's own, broken only where it had spaces.
      #expect(expected.joined(separator: " ") == note)
    }

    @Test func aNoteOneColumnWiderThanAnEightyColumnTerminalLeavesNoWordAlone() async throws {
      let note = try await Self.pipedNote()
      let (status, lines) = try await terminalRun("courses", width: 80)
      #expect(status == 0)
      let start = try #require(lines.firstIndex { $0.hasPrefix("note: ") })
      let rows = lines[start...].prefix { !$0.isEmpty && !$0.hasPrefix("Categories") }
      #expect(rows.count > 1 || DisplayWidth.of(note) <= 80, "\(lines)")
      #expect(rows.joined(separator: " ") == note, "broken only at spaces: \(lines)")
      #expect(rows.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(rows)")
      #expect(!rows.contains("."), "\(rows)")
    }

    @Test func withStandardErrorPipedTheNoteIsLeftWhole() async throws {
      let note = try await Self.pipedNote()
      let (status, lines) = try await terminalRun("courses 2>&1 | cat", width: 40)
      #expect(status == 0)
      #expect(lines.contains(note), "the terminal cuts it, unwrapped (tmux joins the cut rows): \(lines)")
    }
  }
#endif
