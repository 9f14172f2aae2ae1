#if FEATURE_SEARCH
  import FeatureKit
  import Foundation
  import Reliability
  import SearchTesting
  import Synchronization
  import TestScheduling
  import TestSupport
  import Testing

  /// `app sync` in a real terminal (tmux): each change's line shows as it settles, under a spinner that names the
  /// change being sent, and once all are sent nothing of the spinner stays.
  @Suite(.untimed) struct RealTerminalSyncTests {
    static let token = "ghp_RealTerminalSync_0123456789"

    @Test(arguments: [40, 80])
    func eachLineShowsAsItSettlesUnderASpinner(width: Int) async throws {
      let github = try await GitHubFakeServer.start(token: Self.token)
      defer { Task { await github.stop() } }
      let home = AppHome(label: "terminal-sync")
      defer { home.remove() }
      let environment = [
        "APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString, "GH_TOKEN": Self.token,
        "APP_HTTP_TIMEOUT": "60",
      ]
      for index in 1...3 {
        let star = try await AppRunner.run(
          ["search", "star", "owner\(index)/repo-\(index)", "--offline"], environment: environment)
        #expect(star.status == 0)
      }
      // The second star is held until the test has seen the first line and the spinner.
      let hold = RequestHold()
      let puts = Mutex(0)
      github.loopback.route("PUT", "/user/starred/*/*") { request in
        let count = puts.withLock { count in
          count += 1
          return count
        }
        if count == 2 { await hold.wait() }
        return github.starResponse(for: request)
      }
      let session = try await TerminalSession.start(
        RealTerminalTests.quoted(AppRunner.executable.path) + " sync", width: width, height: 24,
        environment: environment)
      defer { Task { await session.stop() } }

      let sending = try await session.waitUntil { lines in
        lines.contains("Sent star owner1/repo-1")
          && lines.contains { RealTerminalTests.spinnerGlyphs.contains($0.first ?? " ") }
      }
      #expect(await hold.arrivals(atLeast: 1), "the second star reached GitHub, which holds it")
      let spinner = sending.filter { RealTerminalTests.spinnerGlyphs.contains($0.first ?? " ") }
      // It names the change GitHub holds, and which of the run's it is (its elapsed time comes after a few
      // seconds, at the end of the line).
      #expect(spinner.count == 1, "\(sending)")
      #expect(
        spinner.first.map { String($0.dropFirst(2)).hasPrefix("Sending star owner2/repo-2 (2 of 3)…") } == true,
        "\(sending)")

      await hold.release()
      let (status, lines) = try await session.waitForExit()
      #expect(status == 0, "\(lines.suffix(5))")
      #expect(
        lines.filter { !$0.isEmpty }.suffix(3)
          == ["Sent star owner1/repo-1", "Sent star owner2/repo-2", "Sent star owner3/repo-3"], "\(lines)")
      let text = lines.joined(separator: "\n")
      #expect(!text.contains { RealTerminalTests.spinnerGlyphs.contains($0) }, "spinner residue: \(lines)")
      #expect(!text.contains("Sending"), "\(lines)")
    }
  }
#endif
