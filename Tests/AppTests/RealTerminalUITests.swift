#if FEATURE_COURSES
  import Foundation
  import Reliability
  import TestScheduling
  import TestSupport
  import Testing

  #if FEATURE_SEARCH
    import SearchTesting
  #endif

  /// `app ui` in a real terminal (tmux): the screen it draws, and the terminal given back exactly as it was however
  /// the app ends (`stty -g` the same before and after, the main screen, the cursor shown).
  @Suite(.untimed) struct RealTerminalUITests {
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// A session running `app ui` between two `stty -g`, its process id written where ``pid()`` reads it.
    struct UIRun {
      let session: TerminalSession
      let directory: URL

      static func start(
        width: Int = 80, height: Int = 24, arguments: String = "", environment: [String: String] = [:]
      ) async throws -> UIRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = quoted(directory.path)
        // The app replaces the inner shell, so that shell's pid is the app's.
        let command =
          "stty -g > \(path)/before; /bin/sh -c 'echo $$ > \"$1\"/pid; exec \"$0\" ui \(arguments)' "
          + "\(quoted(AppRunner.executable.path)) \(path); status=$?; stty -g > \(path)/after; (exit $status)"
        let session = try await TerminalSession.start(
          command, width: width, height: height,
          environment: ["APP_HOME": directory.appendingPathComponent("home").path, "LANG": "C.UTF-8"].merging(
            environment
          ) { $1 })
        return UIRun(session: session, directory: directory)
      }

      /// Waits for the home screen, refreshed.
      @discardableResult
      func waitForHome() async throws -> [String] {
        // The status says when the courses are as of, or says the first run's note about the demo catalog.
        try await session.waitForScreen { lines in
          lines.contains { $0.hasPrefix("›") && $0.contains("c42") }
            && (lines.last?.hasPrefix("Courses as of") == true
              || lines.suffix(2).contains { $0.hasPrefix("note: showing the bundled") })
        }
      }

      func pid() throws -> pid_t {
        let text = try String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8)
        return try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
      }

      /// Waits for the app to end; expects the terminal given back as it was, and returns the exit status.
      func expectRestored() async throws -> Int32 {
        let (status, _) = try await session.waitForExit()
        let before = try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8)
        let after = try String(contentsOf: directory.appendingPathComponent("after"), encoding: .utf8)
        #expect(before == after, "stty -g before and after")
        #expect(try await session.format("#{alternate_on}") == "0", "back on the main screen")
        #expect(try await session.format("#{cursor_flag}") == "1", "the cursor is shown")
        return status
      }

      func stop() async {
        await session.stop()
        try? FileManager.default.removeItem(at: directory)
      }
    }

    @Test(arguments: [(80, 24), (60, 20)])
    func theHomeScreenOpensACourseAndQQuits(width: Int, height: Int) async throws {
      let run = try await UIRun.start(width: width, height: height)
      defer { Task { await run.stop() } }
      let home = try await run.waitForHome()
      #expect(try await run.session.format("#{alternate_on}") == "1", "the screen is the alternate one")
      #expect(home.first?.contains("Home") == true, "\(home)")
      #expect(home.contains { $0.hasPrefix("›") && $0.contains("c42") }, "the first course is selected: \(home)")
      let screen = try await run.session.screen()
      #expect(screen.count == height)
      #expect(screen.allSatisfy { $0.count <= width })

      try await run.session.send(keys: "Enter")
      try await run.session.waitForScreen { $0.contains { $0.contains("Instructor:") } }
      try await run.session.send(keys: "q")
      try await run.session.waitForScreen { $0.first?.contains("Home") == true }
      try await run.session.send(keys: "q")
      #expect(try await run.expectRestored() == 0)
    }

    /// The first run's note about the demo catalog keeps its next step at 80 columns: it takes the two status rows.
    @Test func aNoteLongerThanARowShowsWhole() async throws {
      let run = try await UIRun.start(width: 80, height: 24)
      defer { Task { await run.stop() } }
      let home = try await run.session.waitForScreen { $0.suffix(2).first?.hasPrefix("note: showing") == true }
      #expect(
        home.suffix(2).joined(separator: " ")
          == "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses API.", "\(home)")
      try await run.session.send(keys: "q")
      #expect(try await run.expectRestored() == 0)
    }

    /// Without a UTF-8 locale the app's own marks are ASCII: no `…`, `·`, `›` or arrow reaches the terminal.
    @Test func underLangCTheAppsOwnMarksAreASCII() async throws {
      let run = try await UIRun.start(width: 60, height: 20, environment: ["LANG": "C"])
      defer { Task { await run.stop() } }
      let home = try await run.session.waitForScreen { lines in
        lines.contains { $0.hasPrefix(">") && $0.contains("c42") }
      }
      let marks: Set<Character> = ["…", "·", "›", "↑", "↓", "★", "☆"]
      #expect(!home.joined().contains { marks.contains($0) }, "\(home)")
      #expect(home.contains { $0.contains(" - ") }, "the categories' separator: \(home)")
      try await run.session.send(keys: "?")
      let keys = try await run.session.waitForScreen { $0.first?.hasSuffix("Keys") == true }
      #expect(keys.contains { $0.hasPrefix("  ^ v  j k") }, "\(keys)")
      try await run.session.send(keys: "C-c")
      #expect(try await run.expectRestored() == 130)
    }

    @Test func ctrlCQuitsFromADetailWith130() async throws {
      let run = try await UIRun.start()
      defer { Task { await run.stop() } }
      try await run.waitForHome()
      try await run.session.send(keys: "Enter")
      try await run.session.waitForScreen { $0.contains { $0.contains("Instructor:") } }
      try await run.session.send(keys: "C-c")
      #expect(try await run.expectRestored() == 130)
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aSignalGivesTheTerminalBack(signal: Int32, status: Int32) async throws {
      let run = try await UIRun.start()
      defer { Task { await run.stop() } }
      try await run.waitForHome()
      #expect(kill(try run.pid(), signal) == 0)
      #expect(try await run.expectRestored() == status)
    }

    /// After SIGHUP the terminal is gone: the app ends with 129 and writes nothing more, not even the sequences that
    /// would leave the alternate screen.
    @Test func afterAHangUpNothingMoreIsWritten() async throws {
      let run = try await UIRun.start()
      defer { Task { await run.stop() } }
      try await run.waitForHome()
      #expect(kill(try run.pid(), SIGHUP) == 0)
      let (status, lines) = try await run.session.waitForExit()
      #expect(status == 129)
      #expect(try await run.session.format("#{alternate_on}") == "1", "nothing left the alternate screen")
      #expect(lines.contains { $0.hasPrefix("›") && $0.contains("c42") }, "the last frame is still shown: \(lines)")
    }

    /// A crash inside a screen (a trap, an abort, a bad access) still gives the terminal back before the process
    /// dies of it.
    @Test(arguments: [SIGABRT, SIGSEGV])
    func aCrashGivesTheTerminalBack(signal: Int32) async throws {
      // Without the runtime's backtracer, whose handler returns from a signal another process sent (a real fault
      // faults again after it, and abort() raises again).
      let run = try await UIRun.start(environment: ["SWIFT_BACKTRACE": "enable=no"])
      defer { Task { await run.stop() } }
      try await run.waitForHome()
      #expect(kill(try run.pid(), signal) == 0)
      #expect(try await run.expectRestored() == 128 + signal)
    }

    /// Ctrl-Z (or SIGTSTP from another process) gives the terminal back to the shell as it was, and `fg` takes it
    /// again and draws the screen.
    @Test(arguments: [false, true])
    func ctrlZSuspendsAndFgRedraws(bySignal: Bool) async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ui-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let path = Self.quoted(directory.path)
      let session = try await TerminalSession.start(
        "bash --norc --noprofile -i", width: 80, height: 24,
        environment: ["APP_HOME": directory.appendingPathComponent("home").path, "LANG": "C.UTF-8", "PS1": "$ "])
      defer { Task { await session.stop() } }
      func settings(_ name: String) async throws -> String {
        try await session.send(keys: "stty -g > \(path)/\(name); echo saved-\(name)")
        try await session.send(keys: "Enter")
        try await session.waitForScreen { $0.contains("saved-\(name)") }
        return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
      }
      let before = try await settings("before")
      // The app replaces the inner shell, so that shell's pid is the app's.
      try await session.send(
        keys: "sh -c 'echo $$ > \"$1\"/pid; exec \"$0\" ui' \(Self.quoted(AppRunner.executable.path)) \(path)")
      try await session.send(keys: "Enter")
      try await session.waitForScreen { $0.first?.contains("Home") == true }

      if bySignal {
        let pid = try String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8)
        #expect(kill(try #require(pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines))), SIGTSTP) == 0)
      } else {
        try await session.send(keys: "C-z")
      }
      try await session.waitForScreen { $0.contains { $0.contains("Stopped") } }
      #expect(try await session.format("#{alternate_on}") == "0", "the main screen while suspended")
      #expect(try await session.format("#{cursor_flag}") == "1", "the cursor is shown while suspended")
      #expect(try await settings("suspended") == before, "the shell's terminal settings while suspended")

      try await session.send(keys: "fg")
      try await session.send(keys: "Enter")
      try await session.waitForScreen { $0.first?.contains("Home") == true }
      #expect(try await session.format("#{alternate_on}") == "1", "fg takes the alternate screen again")
      try await session.send(keys: "q")
      try await session.waitForScreen { $0.last(where: { !$0.isEmpty }) == "$" }
      #expect(try await settings("after") == before)
      #expect(try await session.format("#{alternate_on}") == "0")
    }

    @Test func anUnknownFeatureIsAUsageErrorNamingTheFeatures() async throws {
      let run = try await UIRun.start(arguments: "nosuch")
      defer { Task { await run.stop() } }
      let (status, lines) = try await run.session.waitForExit()
      #expect(status == 64)
      #expect(
        lines.contains { $0.hasPrefix("error: no feature named 'nosuch' has screens; those that have: courses") },
        "\(lines)")
      #expect(lines.contains("Usage: app ui [--offline] [<feature> [<args> ...]]"), "\(lines)")
      #expect(lines.contains("  See 'app ui --help' for the features and what each takes."), "\(lines)")
      #expect(try await run.session.format("#{alternate_on}") == "0", "the screen was never taken")
    }

    @Test func aResizeRedrawsAtTheNewSize() async throws {
      let run = try await UIRun.start(width: 80, height: 24)
      defer { Task { await run.stop() } }
      try await run.waitForHome()
      try await run.session.resize(width: 50, height: 12)
      let redrawn = try await run.session.waitForScreen { lines in
        lines.count == 12 && lines.first?.contains("Home") == true
          && lines.contains { $0.contains("Swift · iOS Development") && !$0.contains("Data Science") }
      }
      #expect(redrawn.allSatisfy { $0.count <= 50 }, "\(redrawn)")
      try await run.session.send(keys: "q")
      #expect(try await run.expectRestored() == 0)
    }

    #if FEATURE_SEARCH
      /// A star kept for `app sync` (made with `--offline`) goes to GitHub when a session starts, with no key
      /// pressed; the session never waits for it.
      @Test func theSessionSendsTheChangesThatWaitWhenItStarts() async throws {
        let github = try await GitHubFakeServer.start(token: "ghp_ui_sync")
        defer { Task { await github.stop() } }
        let hold = RequestHold()
        github.loopback.route("PUT", "/user/starred/*/*", heldBy: hold) { github.starResponse(for: $0) }
        let home = AppHome(label: "ui-sync")
        defer { home.remove() }
        let environment = Self.searching(github, token: "ghp_ui_sync", home: home)
        let kept = try await AppRunner.run(["search", "star", "owner1/repo-1", "--offline"], environment: environment)
        #expect(kept.status == 0 && github.requests.isEmpty, "\(kept.stderr)")

        let run = try await UIRun.start(environment: environment)
        defer { Task { await run.stop() } }
        #expect(await hold.arrivals(atLeast: 1), "the waiting star is sent as the session starts")
        // GitHub holds the answer, and the home is there all the same.
        try await run.waitForHome()
        await hold.release()
        try await run.session.send(keys: "q")
        #expect(try await run.expectRestored() == 0)
        // The session's send was answered before it could be noted, or `q` came first and it is sent again now:
        // either way GitHub holds the star once this sync has ended.
        let sync = try await AppRunner.run(["sync"], environment: environment)
        #expect(sync.status == 0, "\(sync.stdout)")
        #expect(github.starred == ["owner1/repo-1"])
        #expect(github.requests.allSatisfy { $0.method == "PUT" }, "\(github.requests.map(\.method))")
      }

      /// The environment of a session against `github`, in `home`.
      static func searching(_ github: GitHubFakeServer, token: String, home: AppHome) -> [String: String] {
        ["APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString, "GH_TOKEN": token]
      }

      /// Waits for the results of `app ui search swift`.
      static func waitForResults(_ run: UIRun) async throws {
        try await run.session.waitForScreen { $0.contains { $0.hasPrefix("Showing 5 of 5") } }
      }

      /// `*` with GitHub never answering the star marks the row on the next frame; `q` quits at once all the same,
      /// and says the star waits.
      @Test func aStarMarksTheRowAtOnceWithGitHubSilent() async throws {
        let github = try await GitHubFakeServer.start(token: "ghp_ui_star")
        defer { Task { await github.stop() } }
        let hold = RequestHold()
        github.loopback.route("PUT", "/user/starred/*/*", heldBy: hold) { github.starResponse(for: $0) }
        let home = AppHome(label: "ui-star-silent")
        defer { home.remove() }
        let run = try await UIRun.start(
          arguments: "search swift", environment: Self.searching(github, token: "ghp_ui_star", home: home))
        defer { Task { await run.stop() } }
        try await Self.waitForResults(run)
        try await run.session.send(keys: "Down")
        try await run.session.send(keys: "*")

        // Marked as waiting for GitHub: ☆, where a star GitHub has is ★.
        let marked = try await run.session.waitForScreen { $0.contains { $0.contains("☆owner1/repo-1") } }
        #expect(marked.filter { $0.contains("☆") || $0.contains("★") }.count == 1, "\(marked)")
        #expect(await hold.arrivals(atLeast: 1), "the star is sent, and GitHub does not answer")
        try await run.session.send(keys: "q")
        let (status, lines) = try await run.session.waitForExit()
        #expect(status == 0)
        #expect(lines.contains("1 change waits for GitHub: app sync"), "\(lines)")
        await hold.release()
      }

      /// A star made by `app search star` in another process marks the row of an open session, no key pressed.
      @Test func aStarMadeInAnotherProcessMarksTheOpenSession() async throws {
        let github = try await GitHubFakeServer.start(token: "ghp_ui_other")
        defer { Task { await github.stop() } }
        let home = AppHome(label: "ui-star-other")
        defer { home.remove() }
        let environment = Self.searching(github, token: "ghp_ui_other", home: home)
        let run = try await UIRun.start(arguments: "search swift", environment: environment)
        defer { Task { await run.stop() } }
        try await Self.waitForResults(run)

        let star = try await AppRunner.run(["search", "star", "owner3/repo-3"], environment: environment)
        #expect(star.status == 0, "\(star.stderr)")

        let marked = try await run.session.waitForScreen { $0.contains { $0.contains("★owner3/repo-3") } }
        #expect(marked.filter { $0.contains("★") }.count == 1, "\(marked)")
        // Esc leaves the query field, where `q` would be typed.
        try await run.session.send(keys: "Escape")
        try await run.session.send(keys: "q")
        #expect(try await run.expectRestored() == 0)
      }

      /// ↓ past the last of 30 results shows 30 more in place, in a real terminal at two sizes: the status row
      /// names the key on the last row (its word while it fits), and the selection moves to the first new one.
      @Test(arguments: [(80, 24), (50, 16)])
      func movingPastTheLastResultShowsTheNextPage(width: Int, height: Int) async throws {
        let github = try await GitHubFakeServer.start(
          token: "ghp_ui_more", repos: (1...45).map(GitHubFakeRepo.numbered))
        defer { Task { await github.stop() } }
        let home = AppHome(label: "ui-more")
        defer { home.remove() }
        let run = try await UIRun.start(
          width: width, height: height, arguments: "search swift",
          environment: Self.searching(github, token: "ghp_ui_more", home: home))
        defer { Task { await run.stop() } }
        try await run.session.waitForScreen { $0.last?.hasPrefix("Showing 30 of 45") == true }
        try await run.session.send(keys: "Down")
        try await run.session.send(keys: "End")
        let last = try await run.session.waitForScreen { lines in
          lines.contains { $0.hasPrefix("›") && $0.contains("repo-30") }
        }
        #expect(last.last?.contains(" · ↓") == true, "\(last)")
        try await run.session.send(keys: "Down")
        let more = try await run.session.waitForScreen { lines in
          lines.last?.hasPrefix("Showing 45 of 45") == true
            && lines.contains { $0.hasPrefix("›") && $0.contains("repo-31") }
        }
        #expect(more.allSatisfy { $0.count <= width }, "\(more)")
        #expect(github.searchRequests.map { $0.query("per_page") } == ["30", "60"])
        try await run.session.send(keys: "C-c")
        #expect(try await run.expectRestored() == 130)
      }

      /// A star kept offline for a repo GitHub no longer has is refused when the session sends it: the status
      /// line says so, in `app sync`'s words, and the star is undone.
      @Test func aChangeTheBackgroundSenderFindsRefusedIsOnTheStatusLine() async throws {
        let github = try await GitHubFakeServer.start(token: "ghp_ui_refused")
        defer { Task { await github.stop() } }
        github.loopback.route("PUT", "/user/starred/*/*", response: LoopbackResponse(status: 404))
        let home = AppHome(label: "ui-refused")
        defer { home.remove() }
        let environment = Self.searching(github, token: "ghp_ui_refused", home: home)
        let kept = try await AppRunner.run(["search", "star", "owner1/repo-1", "--offline"], environment: environment)
        #expect(kept.status == 0, "\(kept.stderr)")

        let run = try await UIRun.start(width: 120, arguments: "search swift", environment: environment)
        defer { Task { await run.stop() } }
        let refused = try await run.session.waitForScreen { $0.contains { $0.contains("Refused star owner1/repo-1") } }
        #expect(refused.joined(separator: " ").contains("(undone)"), "\(refused)")
        try await run.session.send(keys: "Escape")
        try await run.session.send(keys: "q")
        let (status, lines) = try await run.session.waitForExit()
        #expect(status == 0)
        #expect(!lines.contains { $0.contains("waits for GitHub") }, "nothing waits: \(lines)")
      }

      /// Leaving with a change still waiting (GitHub refuses connections) says so, as `app search` does.
      @Test func leavingWithAChangeWaitingSaysSo() async throws {
        let home = AppHome(label: "ui-leave-waiting")
        defer { home.remove() }
        let environment = [
          "APP_HOME": home.url.path, "GITHUB_API_URL": "http://127.0.0.1:\(try LoopbackServer.unusedPort())",
          "GH_TOKEN": "ghp_ui_leave",
        ]
        let kept = try await AppRunner.run(["search", "star", "owner1/repo-1", "--offline"], environment: environment)
        #expect(kept.status == 0, "\(kept.stderr)")

        let run = try await UIRun.start(environment: environment)
        defer { Task { await run.stop() } }
        try await run.waitForHome()
        try await run.session.send(keys: "q")
        let (status, lines) = try await run.session.waitForExit()

        #expect(status == 0)
        #expect(lines.contains("1 change waits for GitHub: app sync"), "\(lines)")
      }

      /// A course's related repo opens in Search's repo view through the route Search adds, and Esc comes back.
      @Test func aRelatedRepoOpensInTheOtherFeature() async throws {
        let github = try await GitHubFakeServer.start()
        defer { Task { await github.stop() } }
        let run = try await UIRun.start(
          width: 100, height: 30,
          environment: ["GITHUB_API_URL": github.baseURL.absoluteString, "APP_RELATED_TIMEOUT": "60"])
        defer { Task { await run.stop() } }
        try await run.waitForHome()
        try await run.session.send(keys: "Enter")
        try await run.session.waitForScreen { $0.contains { $0.hasPrefix(" Related on GitHub:") } }
        // The first line that can be selected, and so selected, is the first related repo.
        try await run.session.waitForScreen { $0.contains { $0.hasPrefix("›  owner1/repo-1") } }
        try await run.session.send(keys: "Enter")
        // The repo's view, once its details are read.
        let repo = try await run.session.waitForScreen { lines in
          lines.first?.hasSuffix("owner1/repo-1") == true && lines.contains { $0.contains("Stars:") }
        }
        #expect(repo.contains { $0.contains("URL:") && $0.contains("owner1/repo-1") }, "\(repo)")
        try await run.session.send(keys: "Escape")
        try await run.session.waitForScreen { $0.first?.hasSuffix("c42") == true }
        try await run.session.send(keys: "C-c")
        #expect(try await run.expectRestored() == 130)
      }

      /// A repo's related courses show once, and a course whose related repos GitHub refuses says why, as the line
      /// commands' note does.
      @Test func relatedSectionsShowOnceAndSayWhyTheyFailed() async throws {
        let repo = GitHubFakeRepo.sampleCode
        let github = try await GitHubFakeServer.start(repos: [repo])
        defer { Task { await github.stop() } }
        let run = try await UIRun.start(
          width: 100, height: 40, arguments: "search sample",
          environment: ["GITHUB_API_URL": github.baseURL.absoluteString, "APP_RELATED_TIMEOUT": "60"])
        defer { Task { await run.stop() } }
        try await run.session.waitForScreen { $0.contains { $0.contains("apple/sample-code") } }
        try await run.session.send(keys: "Down")
        try await run.session.send(keys: "Enter")
        let view = try await run.session.waitForScreen { lines in
          lines.first?.hasSuffix("apple/sample-code") == true && lines.last?.hasPrefix("*: star") == true
        }
        #expect(view.filter { $0.contains("Related courses from the bundled demo catalog") }.count == 1, "\(view)")

        // GitHub now refuses searches: a course's related repos say so.
        github.loopback.route("GET", "/search/repositories", response: LoopbackResponse(status: 503))
        try await run.session.send(keys: "q")
        try await run.session.waitForScreen { $0.first?.hasSuffix("GitHub") == true }
        try await run.session.send(keys: "Tab")
        try await run.waitForHome()
        try await run.session.send(keys: "Enter")
        let course = try await run.session.waitForScreen { $0.last?.hasPrefix("note:") == true }
        #expect(course.last == "note: related GitHub repos are not shown: GitHub answered with status 503.")
        try await run.session.send(keys: "C-c")
        #expect(try await run.expectRestored() == 130)
      }

      /// A repo whose related courses the Courses API refuses says why.
      @Test func aRepoWhoseRelatedCoursesFailSaysWhy() async throws {
        let github = try await GitHubFakeServer.start()
        defer { Task { await github.stop() } }
        let courses = try await LoopbackServer.start()
        defer { Task { await courses.stop() } }
        courses.route(nil, "/**", response: LoopbackResponse(status: 503))
        let run = try await UIRun.start(
          width: 100, height: 30, arguments: "search swift",
          environment: [
            "GITHUB_API_URL": github.baseURL.absoluteString, "COURSES_API_URL": courses.url("/graphql").absoluteString,
            "APP_RELATED_TIMEOUT": "60",
          ])
        defer { Task { await run.stop() } }
        try await run.session.waitForScreen { $0.contains { $0.contains("owner1/repo-1") } }
        try await run.session.send(keys: "Down")
        try await run.session.send(keys: "Enter")
        let view = try await run.session.waitForScreen { lines in
          lines.first?.hasSuffix("owner1/repo-1") == true && lines.dropLast().last?.hasPrefix("note:") == true
        }
        // The note is longer than a row: it takes the two status rows.
        #expect(
          view.suffix(2).joined(separator: " ")
            == "note: related courses are not shown: the Courses data could not be read: The server answered HTTP 503.",
          "\(view)")
        try await run.session.send(keys: "C-c")
        #expect(try await run.expectRestored() == 130)
      }

      /// A malformed Courses setting: the Courses tab says what is wrong, and Search works as usual.
      @Test func aFeaturesBadSettingShowsOnlyOnItsOwnTab() async throws {
        let run = try await UIRun.start(environment: ["COURSES_API_URL": "ftp://bad"])
        defer { Task { await run.stop() } }
        let courses = try await run.session.waitForScreen { $0.first?.hasSuffix("Settings") == true }
        #expect(
          courses.dropFirst().prefix(3).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            == "error: COURSES_API_URL is set to \"ftp://bad\", but it must be an absolute http:// or https:// URL "
            + "such as https://example.com/api. Fix or unset COURSES_API_URL.",
          "\(courses)")
        #expect(courses.last == "Fix or unset the setting, then start app ui again.")
        try await run.session.send(keys: "Tab")
        let search = try await run.session.waitForScreen { $0.first?.hasSuffix("GitHub") == true }
        #expect(search.contains(" Search: ▏"), "\(search)")
        #expect(search.last == "Type at least 2 characters to search GitHub.", "no word of Courses' setting")
        try await run.session.send(keys: "C-c")
        #expect(try await run.expectRestored() == 130)
      }

      @Test func withoutATerminalItSaysWhatScriptsUse() async throws {
        let result = try await AppRunner.run(["ui"], environment: ["APP_HOME": "/nonexistent-ui-home"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
          result.stderr
            == "error: app ui needs an interactive terminal (standard input and output, TERM set and not dumb)\n"
            + "For scripts, use `app courses` and `app search`.\n")
      }
    #endif

    @Test func helpAfterTheFeatureIsHelpNotAQuery() async throws {
      let result = try await AppRunner.run(
        ["ui", "courses", "--help"], environment: ["APP_HOME": "/nonexistent-ui-home"])
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix("OVERVIEW: Browse the features' screens interactively on the terminal."))
      #expect(result.stdout.contains("USAGE: app ui [--offline] [<feature>] [<arguments> ...]"))
      #expect(result.stderr == "")
    }

    @Test func aDumbTerminalIsNotEnough() async throws {
      let run = try await UIRun.start(environment: ["TERM": "dumb"])
      defer { Task { await run.stop() } }
      let (status, lines) = try await run.session.waitForExit()
      #expect(status == 64)
      #expect(lines.contains { $0.hasPrefix("error: app ui needs an interactive terminal") }, "\(lines)")
    }
  }
#endif
