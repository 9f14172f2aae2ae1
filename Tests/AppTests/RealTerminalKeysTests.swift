#if FEATURE_COURSES && FEATURE_SEARCH
  import Foundation
  import Reliability
  import SearchTesting
  import TestScheduling
  import TestSupport
  import Testing

  /// What a new user meets in `app ui`, in a real terminal (tmux) at 80×24, 40×12 and 20×6: every screen names
  /// the keys that act on it, a detail opens at its top, help wraps, a repo's details never wait for its star, and
  /// the query field edits at its end.
  @Suite(.untimed) struct RealTerminalKeysTests {
    static let sizes = [(80, 24), (40, 12), (20, 6)]

    /// An `app ui` session over a loopback GitHub, in a home where the first run's note about the demo catalog was
    /// said already, so that the status shows the keys at once.
    struct Run {
      let ui: RealTerminalUITests.UIRun
      let home: AppHome

      static func start(
        width: Int, height: Int, arguments: String = "", github: GitHubFakeServer, token: String? = nil
      ) async throws -> Run {
        let home = AppHome(label: "ui-keys")
        try FileManager.default.createDirectory(
          at: home.url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        _ = FileManager.default.createFile(
          atPath: home.url.appendingPathComponent("courses-demo-noted").path, contents: nil)
        var environment = [
          "APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString, "APP_RELATED_TIMEOUT": "60",
        ]
        if let token { environment["GH_TOKEN"] = token }
        let ui = try await RealTerminalUITests.UIRun.start(
          width: width, height: height, arguments: arguments, environment: environment)
        return Run(ui: ui, home: home)
      }

      var session: TerminalSession { ui.session }

      func stop() async {
        await ui.stop()
        home.remove()
      }
    }

    /// Whether `status` is the home's at `width`: its message, then its keys, shortened by the README's rule; at 20
    /// columns the message alone, cut.
    static func isHomeStatus(_ status: String?, width: Int) -> Bool {
      switch width {
      case 80: status == "Courses as of just now · Enter: open · s: stock · r: refresh · ?: keys"
      case 40: status == "Courses as of just now · Enter · s · ?"
      default: status?.hasPrefix("Courses as of just") == true && status?.contains("·") == false
      }
    }

    /// Repos with names short enough to show whole at 20 columns.
    static let shortRepos = (1...5).map {
      GitHubFakeRepo(owner: "o", name: "r\($0)", description: "Repo \($0)", language: "Go", stars: $0)
    }

    /// Whether the list's key is shown (the help's status row, cut at 20 columns).
    static func isHelp(_ screen: [String]) -> Bool {
      screen.last == "Any key closes this list." || screen.last?.hasPrefix("↑ ↓ scroll") == true
    }

    /// A course's detail once its related repos are shown, which Enter opens in Search.
    static func detailStatus(width: Int) -> String {
      switch width {
      case 80: "s: stock · Enter: open a repo · Esc: back · ?: keys"
      case 40: "s: stock · Enter: open a repo · Esc · ?"
      default: "s · Enter · Esc · ?"
      }
    }

    @Test(arguments: sizes)
    func theHomeAndADetailNameTheirKeysAndTheDetailOpensAtItsTop(width: Int, height: Int) async throws {
      let github = try await GitHubFakeServer.start()
      defer { Task { await github.stop() } }
      let run = try await Run.start(width: width, height: height, github: github)
      defer { Task { await run.stop() } }

      let home = try await run.session.waitForScreen { Self.isHomeStatus($0.last, width: width) }
      #expect(home.count == height && home.allSatisfy { $0.count <= width }, "\(home)")
      #expect(home[1].hasPrefix(" Categories"), "the home opens at its top: \(home)")

      try await run.session.send(keys: "Enter")
      let detail = try await run.session.waitForScreen { $0.last == Self.detailStatus(width: width) }
      #expect(width < 40 || detail.first?.hasSuffix("c42") == true, "the title, cut at 20 columns: \(detail)")
      #expect(detail[1].hasPrefix(" Dependency Inj"), "the course's title is the first line in view: \(detail)")
      #expect(detail.allSatisfy { $0.count <= width }, "\(detail)")
      guard height == 6 else {
        try await run.session.send(keys: "C-c")
        #expect(try await run.ui.expectRestored() == 130)
        return
      }
      // At 20×6 the selection (the first related repo) is below the view: ↓ brings the next line into view first.
      #expect(!detail.contains { $0.hasPrefix("›") }, "\(detail)")
      try await run.session.send(keys: "Down")
      let scrolled = try await run.session.waitForScreen { $0[1].hasPrefix("   ID:") }
      #expect(!scrolled.contains { $0.hasPrefix("›") }, "\(scrolled)")
      // ↑ on the first item shows the top at once.
      try await run.session.send(keys: "Up")
      try await run.session.waitForScreen { $0[1].hasPrefix(" Dependency Inj") }
      // Every line comes into view, one ↓ at a time, then the selection on the first related repo.
      for _ in 1...30 { try await run.session.send(keys: "Down") }
      let below = try await run.session.waitForScreen { $0.contains { $0.hasPrefix("›") && $0.contains("repo-3") } }
      #expect(below.last == Self.detailStatus(width: width), "\(below)")
      // Up to the first related repo, then once more: the top.
      for _ in 1...2 { try await run.session.send(keys: "Up") }
      try await run.session.waitForScreen { $0.contains { $0.hasPrefix("›") && $0.contains("repo-1") } }
      try await run.session.send(keys: "Up")
      try await run.session.waitForScreen { $0[1].hasPrefix(" Dependency Inj") }
      try await run.session.send(keys: "C-c")
      #expect(try await run.ui.expectRestored() == 130)
    }

    /// `?` shows what the last key did, then the keys, each key's text wrapped under it where the two do not fit
    /// on one line: never cut.
    @Test(arguments: sizes)
    func helpShowsTheLatestMessageAndWrapsEachKeysText(width: Int, height: Int) async throws {
      let github = try await GitHubFakeServer.start()
      defer { Task { await github.stop() } }
      let run = try await Run.start(width: width, height: height, github: github)
      defer { Task { await run.stop() } }
      try await run.session.waitForScreen { Self.isHomeStatus($0.last, width: width) }
      try await run.session.send(keys: "s")
      try await run.session.waitForScreen { $0.last == "Stocked c42" }
      try await run.session.send(keys: "?")
      let keys = try await run.session.waitForScreen { Self.isHelp($0) }
      #expect(keys[2] == "  Stocked c42", "the latest message: \(keys)")
      // The list scrolls: its rows, from the top to the last key.
      var rows = Array(keys.dropFirst().dropLast())
      var shown = keys
      while !shown.contains(where: { $0.hasPrefix("  Ctrl-C") }) {
        let top = shown[1]
        try await run.session.send(keys: "Down")
        shown = try await run.session.waitForScreen { $0[1] != top }
        rows.append(shown.dropLast().last ?? "")
      }
      #expect(!rows.contains { $0.contains("…") }, "nothing is cut: \(rows)")
      #expect(rows.allSatisfy { $0.count <= width }, "\(rows)")
      if width < 80 {
        #expect(rows.contains("  s"), "the key alone, its text under it: \(rows)")
        let text = rows.drop { $0 != "  s" }.dropFirst().prefix { $0.hasPrefix("    ") }
        #expect(
          text.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            == "stock or unstock the selected course", "\(rows)")
      } else {
        #expect(rows.contains { $0.hasPrefix("  s ") && $0.hasSuffix("stock or unstock the selected course") })
      }
      try await run.session.send(keys: "C-c")
      #expect(try await run.ui.expectRestored() == 130)
    }

    /// The query field edits at its end: Ctrl-W deletes the last word, Ctrl-U the query; ↑ on the first result
    /// comes back to it; the results' column names stay while the rows scroll; at 20×6 the status takes one row.
    @Test(arguments: sizes)
    func theQueryFieldEditsAtItsEndAndTheColumnNamesStay(width: Int, height: Int) async throws {
      let github = try await GitHubFakeServer.start(repos: Self.shortRepos)
      defer { Task { await github.stop() } }
      let run = try await Run.start(width: width, height: height, arguments: "search swift", github: github)
      defer { Task { await run.stop() } }
      let results = try await run.session.waitForScreen { $0.last?.hasPrefix("Showing 5 of 5") == true }
      #expect(results[1] == " Search: swift▏", "the cursor at the end: \(results)")
      #expect(results.contains { $0.contains("NAME") }, "\(results)")
      #expect(results.count == height, "the status takes one row when it fits: \(results)")
      if height == 6 {
        #expect(results[height - 2].contains("o/r2"), "a result, not a second status row: \(results)")
      }

      try await run.session.send(keys: " lang")
      try await run.session.waitForScreen { $0[1].hasSuffix("lang▏") }
      try await run.session.send(keys: "C-w")
      try await run.session.waitForScreen { $0[1] == " Search: swift ▏" }
      try await run.session.send(keys: "C-u")
      let cleared = try await run.session.waitForScreen { $0[1] == " Search: ▏" }
      #expect(!cleared.contains { $0.contains("o/r1") }, "\(cleared)")
      try await run.session.send(keys: "swift")
      try await run.session.waitForScreen { $0.last?.hasPrefix("Showing 5 of 5") == true && $0[1] == " Search: swift▏" }

      // ↓ leaves the field for the first result; further down, the rows scroll under the column names.
      try await run.session.send(keys: "Down")
      try await run.session.waitForScreen { $0.contains { $0.hasPrefix("›") && $0.contains("o/r1") } }
      for _ in 1...4 { try await run.session.send(keys: "Down") }
      let last = try await run.session.waitForScreen { $0.contains { $0.hasPrefix("›") && $0.contains("o/r5") } }
      #expect(last.contains { $0.contains("NAME") }, "the column names stay: \(last)")
      for _ in 1...4 { try await run.session.send(keys: "Up") }
      try await run.session.waitForScreen { $0.contains { $0.hasPrefix("›") && $0.contains("o/r1") } }
      // ↑ on the first result goes back to the query.
      try await run.session.send(keys: "Up")
      let field = try await run.session.waitForScreen { $0[1] == " Search: swift▏" }
      #expect(!field.contains { $0.hasPrefix("›") }, "\(field)")
      try await run.session.send(keys: "C-c")
      #expect(try await run.ui.expectRestored() == 130)
    }

    /// GitHub holds its answer to whether the user starred the repo: the repo's view shows its details, its name
    /// in view, and its `Starred:` line once GitHub answers.
    @Test(arguments: sizes)
    func aRepoShowsItsDetailsWhileGitHubHoldsTheStar(width: Int, height: Int) async throws {
      let github = try await GitHubFakeServer.start(token: "ghp_ui_keys", repos: Self.shortRepos)
      defer { Task { await github.stop() } }
      let hold = RequestHold()
      github.loopback.route("GET", "/user/starred/*/*") { _ in
        await hold.wait()
        return LoopbackResponse(status: 404)
      }
      let run = try await Run.start(
        width: width, height: height, arguments: "search swift", github: github, token: "ghp_ui_keys")
      defer { Task { await run.stop() } }
      try await run.session.waitForScreen { $0.last?.hasPrefix("Showing 5 of 5") == true }
      try await run.session.send(keys: "Down")
      try await run.session.send(keys: "Enter")
      let details = try await run.session.waitForScreen { $0.count > 1 && $0[1] == " o/r1" }
      #expect(await hold.arrivals(atLeast: 1), "GitHub was asked, and holds its answer")
      #expect(!(try await run.session.screen()).contains { $0.contains("Starred:") }, "\(details)")
      if height > 6 {
        #expect(details.contains { $0.hasPrefix(" Stars:") }, "\(details)")
      }
      await hold.release()
      // The line comes when GitHub answers; at 20×6 it is below the view, three ↓ away.
      if height == 6 {
        for _ in 1...3 { try await run.session.send(keys: "Down") }
      }
      try await run.session.waitForScreen { $0.contains { $0.hasPrefix(" Starred:") } }
      try await run.session.send(keys: "C-c")
      #expect(try await run.ui.expectRestored() == 130)
    }

    /// `app search view` on a terminal writes the details first, and the `Starred:` line when GitHub answers.
    @Test func searchViewOnATerminalPrintsTheDetailsBeforeTheStar() async throws {
      let github = try await GitHubFakeServer.start(token: "ghp_view")
      defer { Task { await github.stop() } }
      let hold = RequestHold()
      github.loopback.route("GET", "/user/starred/*/*") { _ in
        await hold.wait()
        return LoopbackResponse(status: 404)
      }
      let home = AppHome(label: "view-star")
      defer { home.remove() }
      let session = try await TerminalSession.start(
        "\(RealTerminalUITests.quoted(AppRunner.executable.path)) search view owner1/repo-1", width: 80, height: 24,
        environment: [
          "APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString, "GH_TOKEN": "ghp_view",
          "LANG": "C.UTF-8", "APP_RELATED_TIMEOUT": "60",
        ])
      defer { Task { await session.stop() } }
      let first = try await session.waitForScreen { $0.contains { $0.hasPrefix("Updated:") } }
      #expect(await hold.arrivals(atLeast: 1))
      #expect(first.first == "owner1/repo-1", "\(first)")
      #expect(!first.contains { $0.hasPrefix("Starred:") }, "\(first)")
      await hold.release()
      let (status, _) = try await session.waitForExit()
      #expect(status == 0)
      let all = try await session.capture()
      #expect(all.filter { $0.hasPrefix("Starred:") } == ["Starred:      no"], "\(all)")
    }
  }
#endif
