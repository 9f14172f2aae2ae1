#if FEATURE_COURSES
  import CoursesTesting
  import FeatureKit
  import Foundation
  import GRDB
  import Reliability
  import TestScheduling
  import TestSupport
  import Testing

  /// `app courses` over a cached screen, in a real terminal (tmux) at several sizes: the cached screen is redrawn in
  /// place only when it fits, so the scrollback and the final screen hold the screen exactly once, with nothing left
  /// of the spinner; and the rows fit the terminal's width.
  @Suite(.untimed) struct RealTerminalRedrawTests {
    static let sizes = [(60, 40), (80, 24), (120, 50), (100, 90)]

    /// How the cached screen is made to be redrawn.
    enum Case: String, CaseIterable, Sendable {
      /// The cache is three hours old.
      case staleCache
      /// `--refresh` over a fresh cache.
      case refresh
      /// `--refresh` with the Courses API answering 503: the cached screen stays, with a warning.
      case originDown
    }

    /// Runs `app <arguments>` in a `width` × `height` tmux; returns its exit status and every line it left in the
    /// scrollback and on the screen.
    func terminalRun(
      _ arguments: String, width: Int, height: Int, environment: [String: String]
    ) async throws -> (status: Int32, lines: [String]) {
      let session = try await TerminalSession.start(
        RealTerminalTests.quoted(AppRunner.executable.path) + " " + arguments, width: width, height: height,
        environment: environment)
      defer { Task { await session.stop() } }
      return try await session.waitForExit()
    }

    @Test(arguments: Case.allCases, sizes)
    func aRedrawnScreenIsInTheScrollbackExactlyOnce(redraw: Case, size: (Int, Int)) async throws {
      let (width, height) = size
      let home = AppHome(label: "terminal-redraw")
      defer { home.remove() }
      var environment = ["APP_HOME": home.url.path]
      var origin: CoursesOrigin?
      if redraw == .originDown {
        let started = try await CoursesOrigin.start()
        origin = started
        environment["COURSES_API_URL"] = started.endpoint.absoluteString
      }
      defer { if let origin { Task { await origin.stop() } } }
      let first = try await AppRunner.run(["courses"], environment: environment)
      #expect(first.status == 0, "\(first.stderr)")

      var arguments = "courses --refresh"
      switch redraw {
      case .staleCache:
        arguments = "courses"
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        try await DatabaseQueue(path: home.databaseFile.path, configuration: configuration).write { db in
          try db.execute(sql: "UPDATE cache_entries SET fetched_at = fetched_at - 3 * 3600")
        }
      case .refresh:
        break
      case .originDown:
        origin?.setFault(.status(503, body: "down for maintenance"))
      }
      let (status, lines) = try await terminalRun(arguments, width: width, height: height, environment: environment)
      #expect(status == 0, "\(lines.suffix(5))")

      // The same cached screen, shown once without any redraw, at the same size.
      let (referenceStatus, reference) = try await terminalRun(
        "courses --offline", width: width, height: height, environment: environment)
      #expect(referenceStatus == 0)
      #expect(reference.filter { $0.hasPrefix("Categories") }.count == 1)

      let place = "\(redraw) at \(width)×\(height)"
      if redraw == .originDown {
        // The warning and its hint, wrapped at spaces to the width.
        let warning = lines.lastIndex { $0.hasPrefix("warning: showing courses cached ") } ?? lines.endIndex
        #expect(Array(lines[..<warning]) == reference, "the screen once, then the warning: \(place)")
        #expect(lines.count - warning >= 2, "the warning, then its hint: \(place): \(lines.suffix(4))")
        for line in lines[warning...] {
          #expect(DisplayWidth.of(line) <= width, "the warning is wrapped at \(place): \(line)")
        }
      } else {
        #expect(lines == reference, "the screen once, nothing else: \(place)")
      }
      let text = lines.joined(separator: "\n")
      #expect(!text.contains { RealTerminalTests.spinnerGlyphs.contains($0) }, "spinner residue: \(place)")
      #expect(!text.contains("Loading courses") && !text.contains("Refreshing courses"), "\(place)")
      for line in reference {
        #expect(DisplayWidth.of(line) <= width, "a line of the screen wrapped at \(place): \(line)")
      }
      if height == 90 {
        #expect(reference.count + 3 <= height, "at this size the cached screen fits, and is redrawn in place")
      } else {
        #expect(reference.count + 3 > height, "at this size the cached screen does not fit, and is not drawn")
      }
    }

    @Test func atSixtyColumnsRowsKeepIdTitleLengthAndProgress() async throws {
      let home = AppHome(label: "terminal-narrow")
      defer { home.remove() }
      let (status, lines) = try await terminalRun(
        "courses", width: 60, height: 40, environment: ["APP_HOME": home.url.path])
      #expect(status == 0)
      let headers = lines.filter { $0.hasPrefix("      ID ") }
      #expect(!headers.isEmpty)
      for header in headers {
        #expect(header.split(separator: " ").map(String.init) == ["ID", "TITLE", "LENGTH", "PROGRESS"])
      }
      let categories = lines.prefix { !$0.isEmpty }.dropFirst()
      #expect(categories.count > 1, "the category list wraps: \(categories)")
      for line in lines {
        #expect(DisplayWidth.of(line) <= 60, "\(line)")
      }
    }
  }
#endif
