#if FEATURE_SEARCH
  import FeatureKit
  import Foundation
  import Reliability
  import SearchTesting
  import TestScheduling
  import TestSupport
  import Testing

  /// `app search view` of a long owner/name in a real terminal (tmux) narrower than its spinner's text: while GitHub
  /// is held, the spinner turns on one line cut to the width; once it answers, the scrollback holds the details and
  /// nothing of the spinner.
  @Suite(.untimed) struct RealTerminalSpinnerWidthTests {
    static let repository = GitHubFakeRepo(
      owner: "octo-organisation", name: "an-exceedingly-long-repository-name", description: "Long names, short text",
      stars: 42)

    @Test(arguments: [
      (40, "Loading octo-organisation/an-exceedin…"),
      (60, "Loading octo-organisation/an-exceedingly-long-repository-…"),
    ])
    func aSpinnerWiderThanTheTerminalIsCutAndLeavesNothingBehind(width: Int, shown: String) async throws {
      let github = try await GitHubFakeServer.start(repos: [Self.repository])
      defer { Task { await github.stop() } }
      // The details are held until the test has seen the spinner turn.
      let hold = RequestHold()
      github.loopback.route("GET", "/repos/*/*") { request in
        await hold.wait()
        return github.repoResponse(for: request)
      }
      let home = AppHome(label: "terminal-spinner-width")
      defer { home.remove() }
      let environment = [
        "APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString, "APP_HTTP_TIMEOUT": "60",
      ]
      let command = RealTerminalTests.quoted(AppRunner.executable.path) + " search view "
      let session = try await TerminalSession.start(
        command + Self.repository.fullName, width: width, height: 24, environment: environment)
      defer { Task { await session.stop() } }

      // Three different frames seen while the origin is held: the spinner has drawn over itself for certain.
      var frames = Set<Character>()
      let spinning = try await session.waitUntil { lines in
        for line in lines { frames.formUnion(line.filter { RealTerminalTests.spinnerGlyphs.contains($0) }) }
        return frames.count >= 3
      }
      #expect(await hold.arrivals(atLeast: 1), "the details request reached GitHub")
      #expect(await hold.arrivals == 1, "one request, and GitHub's answer is still held")
      let spinnerLines = spinning.filter { $0.contains(shown) }
      #expect(spinnerLines.count == 1, "one line of spinner at \(width) columns: \(spinning)")
      for line in spinnerLines {
        #expect(RealTerminalTests.spinnerGlyphs.contains(line.first ?? " ") && line.dropFirst() == " " + shown)
      }
      #expect(spinning.allSatisfy { DisplayWidth.of($0) <= width }, "no line wider than the terminal: \(spinning)")

      await hold.release()
      let (status, lines) = try await session.waitForExit()
      #expect(status == 0, "\(lines.suffix(5))")
      // The same details read from the cache just filled, at the same size, with nothing held.
      let reference = try await TerminalSession.start(
        command + "--offline " + Self.repository.fullName, width: width, height: 24, environment: environment)
      defer { Task { await reference.stop() } }
      let (referenceStatus, referenceLines) = try await reference.waitForExit()
      #expect(referenceStatus == 0)
      #expect(lines == referenceLines, "the details and nothing else at \(width) columns")
      #expect(Array(lines.prefix(4)) == [Self.repository.fullName, "Long names, short text", "", "Language:     none"])
      let text = lines.joined(separator: "\n")
      #expect(!text.contains { RealTerminalTests.spinnerGlyphs.contains($0) }, "spinner residue: \(lines)")
      #expect(!text.contains("Loading"), "\(lines)")
    }
  }
#endif
