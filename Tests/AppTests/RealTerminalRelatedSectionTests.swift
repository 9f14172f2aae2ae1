#if FEATURE_COURSES && FEATURE_SEARCH
  import FeatureKit
  import Reliability
  import Foundation
  import SearchTesting
  import TestScheduling
  import TestSupport
  import Testing

  /// `app courses show` in a real terminal (tmux): the course is printed as soon as it is read, a spinner turns
  /// under it while GitHub is asked for related repos, and the related section is added when GitHub answers. The
  /// scrollback then holds what a run from the cache prints, and nothing of the spinner.
  @Suite(.untimed) struct RealTerminalRelatedSectionTests {
    @Test(arguments: [(60, 40), (80, 24), (120, 50)])
    func theCourseComesAtOnceAndItsRelatedReposWhenGitHubAnswers(width: Int, height: Int) async throws {
      let github = try await GitHubFakeServer.start()
      defer { Task { await github.stop() } }
      // GitHub's answer is held until the test has seen the course on screen without it.
      let hold = RequestHold()
      github.loopback.route("GET", "/search/repositories") { request in
        await hold.wait()
        return github.searchResponse(for: request)
      }
      let home = AppHome(label: "terminal-related-\(width)")
      defer { home.remove() }
      let environment = [
        "APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString, "APP_RELATED_TIMEOUT": "60",
        "APP_HTTP_TIMEOUT": "60",
      ]
      let command = RealTerminalTests.quoted(AppRunner.executable.path) + " courses show c01"
      let session = try await TerminalSession.start(command, width: width, height: height, environment: environment)
      defer { Task { await session.stop() } }

      let waiting = try await session.waitUntil { lines in
        lines.contains { $0.hasSuffix("Looking up related GitHub repos…") }
      }
      #expect(await hold.arrivals(atLeast: 1), "the related search reached GitHub")
      // The demo catalog's note (wrapped to the width) comes first; the course follows at once.
      let course = Array(waiting.drop { $0 != "Swift Fundamentals" })
      #expect(course.first == "Swift Fundamentals", "the course is on screen while GitHub is asked: \(waiting)")
      #expect(course.contains { $0.hasPrefix("  ID:") && $0.hasSuffix("c01") })
      #expect(!waiting.contains { $0.contains("Related on GitHub") })
      let spinner = try #require(waiting.last { $0.hasSuffix("Looking up related GitHub repos…") })
      #expect(RealTerminalTests.spinnerGlyphs.contains(spinner.first ?? " "))

      await hold.release()
      let (status, lines) = try await session.waitForExit()
      #expect(status == 0, "\(lines.suffix(5))")
      let text = lines.joined(separator: "\n")
      #expect(!text.contains { RealTerminalTests.spinnerGlyphs.contains($0) }, "spinner residue: \(lines)")
      #expect(!text.contains("Looking up"), "\(lines)")
      #expect(lines.contains("Related on GitHub:"))

      // The same course from the cache just filled, related repos included, at the same size.
      let reference = try await TerminalSession.start(
        command + " --offline", width: width, height: height, environment: environment)
      defer { Task { await reference.stop() } }
      let (referenceStatus, referenceLines) = try await reference.waitForExit()
      #expect(referenceStatus == 0)
      // The online run first says where the catalog comes from; from the course on, it is the same screen.
      #expect(referenceLines.first == "Swift Fundamentals", "\(referenceLines)")
      #expect(Array(lines.drop { $0 != "Swift Fundamentals" }) == referenceLines, "at \(width)×\(height)")
    }
  }
#endif
