import Foundation
import Reliability
import TestScheduling
import TestSupport
import Testing

#if FEATURE_SEARCH
  import SearchTesting
#endif

/// The built app in a real terminal (tmux) at several sizes, and under `script` where the raw bytes matter: what a
/// user sees, not what a pipe gets.
@Suite(.untimed) struct RealTerminalTests {
  static let spinnerGlyphs = Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

  static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

  @Test(arguments: [(60, 40), (80, 24), (120, 50)])
  func aFirstRunLeavesNoSpinnerAndPutsTheNoteOnItsOwnLine(width: Int, height: Int) async throws {
    let home = AppHome(label: "terminal-first-run")
    defer { home.remove() }
    let session = try await TerminalSession.start(
      Self.quoted(AppRunner.executable.path) + " courses", width: width, height: height,
      environment: ["APP_HOME": home.url.path])
    defer { Task { await session.stop() } }

    let (status, lines) = try await session.waitForExit()
    #expect(status == 0, "\(lines.suffix(5))")
    let text = lines.joined(separator: "\n")
    #expect(!text.contains { Self.spinnerGlyphs.contains($0) }, "spinner residue at \(width)×\(height)")
    #expect(!text.contains("Loading courses"), "at \(width)×\(height)")
    #expect(
      lines.contains { $0.hasPrefix("note: showing the bundled demo catalog") }, "the note starts its own line")
    #expect(lines.filter { $0.hasPrefix("Categories") }.count == 1, "the screen is drawn once")
  }

  @Test(arguments: [
    (
      60,
      [
        "Limits: 100.0 MB in all (APP_CACHE_MAX_MB), the entries",
        "fetched longest ago going first; an entry fetched 30 days",
        "before the newest one goes too.",
      ]
    ),
    (
      120,
      [
        "Limits: 100.0 MB in all (APP_CACHE_MAX_MB), the entries fetched longest ago going first; an entry fetched 30 days before",
        "the newest one goes too.",
      ]
    ),
  ])
  func proseWiderThanTheTerminalBreaksBetweenWords(width: Int, limits: [String]) async throws {
    let home = AppHome(label: "terminal-prose")
    defer { home.remove() }
    let session = try await TerminalSession.start(
      Self.quoted(AppRunner.executable.path) + " cache info", width: width, height: 30,
      environment: ["APP_HOME": home.url.path])
    defer { Task { await session.stop() } }
    let (status, lines) = try await session.waitForExit()
    #expect(status == 0, "\(lines)")
    // The capture joins the lines the terminal wrapped itself, so a word cut in two shows as one long line.
    guard let start = lines.firstIndex(where: { $0.hasPrefix("Limits: ") }) else {
      Issue.record("no limits line: \(lines)")
      return
    }
    #expect(Array(lines[start...].prefix(limits.count)) == limits)
  }

  #if FEATURE_COURSES
    @Test func aCoursesSummaryBreaksBetweenWordsAndKeepsItsIndentation() async throws {
      let home = AppHome(label: "terminal-summary")
      defer { home.remove() }
      let session = try await TerminalSession.start(
        Self.quoted(AppRunner.executable.path) + " courses show c01", width: 60, height: 40,
        environment: ["APP_HOME": home.url.path, "GITHUB_API_URL": "http://127.0.0.1:9/"])
      defer { Task { await session.stop() } }
      let (status, lines) = try await session.waitForExit()
      #expect(status == 0, "\(lines)")
      #expect(lines.contains("  Summary:     Values, optionals, collections and control"), "\(lines)")
      #expect(lines.contains("  flow."), "\(lines)")
      #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
    }
  #endif

  #if FEATURE_SEARCH
    @Test func ctrlCDuringASlowSearchEndsWith130AndErasesTheSpinner() async throws {
      let github = try await GitHubFakeServer.start()
      defer { Task { await github.stop() } }
      // The search is held until the app has ended, so the spinner is still drawing when Ctrl-C comes.
      let hold = RequestHold()
      github.loopback.route("GET", "/search/repositories") { request in
        await hold.wait()
        return github.searchResponse(for: request)
      }
      let home = AppHome(label: "terminal-ctrl-c")
      defer { home.remove() }
      let session = try await TerminalSession.start(
        Self.quoted(AppRunner.executable.path) + " search swift", width: 80, height: 24,
        environment: ["APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString])
      defer { Task { await session.stop() } }

      try await session.waitUntil { $0.contains { $0.contains("Searching GitHub") } }
      try await session.send(keys: "C-c")
      let (status, lines) = try await session.waitForExit()
      await hold.release()
      #expect(status == 130)
      let text = lines.joined(separator: "\n")
      #expect(!text.contains("Searching GitHub"), "\(lines)")
      #expect(!text.contains { Self.spinnerGlyphs.contains($0) })
    }
  #endif

  /// Runs `app <arguments>` (a shell fragment) in a pseudo-terminal with `script`; returns the raw bytes the
  /// terminal received.
  func rawBytes(_ arguments: String, environment: [String: String]) async throws -> String {
    let typescript = FileManager.default.temporaryDirectory.appendingPathComponent("typescript-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: typescript) }
    let run = try await AppRunner.runShell(
      "script -qec \"'$0' \(arguments)\" '\(typescript.path)' > /dev/null", environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    return String(decoding: try Data(contentsOf: typescript), as: UTF8.self)
  }

  @Test func withTERMDumbNothingIsDrawnWithEscapes() async throws {
    let home = AppHome(label: "terminal-dumb")
    defer { home.remove() }
    let bytes = try await rawBytes("courses", environment: ["APP_HOME": home.url.path, "TERM": "dumb"])
    #expect(bytes.contains("Categories"))
    #expect(!bytes.contains("\u{1B}"), "no ANSI with TERM=dumb")
    #expect(!bytes.contains { Self.spinnerGlyphs.contains($0) })
  }

  @Test func pipedOutputShowsNoProgressEvenWhenStandardErrorIsATerminal() async throws {
    let home = AppHome(label: "terminal-piped")
    defer { home.remove() }
    let bytes = try await rawBytes(
      "courses | cat", environment: ["APP_HOME": home.url.path, "TERM": "xterm-256color"])
    #expect(bytes.contains("Categories"))
    #expect(!bytes.contains { Self.spinnerGlyphs.contains($0) }, "no spinner when standard output is a pipe")
  }
}
