import FeatureKit
import FeatureKitTesting
import Foundation
import Reliability
import Repository
import SearchTesting
import Synchronization
import TestSupport
import Testing

extension SearchFeatureTests {
  @Suite("Search: changes that wait for GitHub")
  struct SearchChangeFlowTests {
    static let repo = "owner1/repo-1"
    static let path = "/user/starred/owner1/repo-1"
    /// What `app sync` says on standard error when a change was not sent.
    static let notSent = """
      error: the change was not sent
      app sync --list shows what still waits; app sync --discard KEY drops one.

      """

    /// How `app sync --list` lists the star of ``repo`` after GitHub answered 503.
    static let waits503 = "  star owner1/repo-1  (key owner1/repo-1; last try: GitHub answered HTTP 503)"

    /// GitHub answers 503 to every star and unstar (reads of a star still answer): the change is kept.
    static func githubCannotTakeIt(_ harness: SearchHarness) {
      harness.github.loopback.route("PUT", "/user/starred/*/*", response: LoopbackResponse(status: 503))
      harness.github.loopback.route("DELETE", "/user/starred/*/*", response: LoopbackResponse(status: 503))
    }

    /// GitHub answers stars as it normally does again (a later route wins).
    static func githubAnswers(_ harness: SearchHarness) {
      let github = harness.github
      harness.github.loopback.route(nil, "/user/starred/*/*") { request in github.starResponse(for: request) }
    }

    /// The writes GitHub received, as `METHOD path`.
    static func writes(_ harness: SearchHarness) -> [String] {
      harness.github.requests.filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" }
    }

    /// How many times GitHub was asked whether the repo is starred.
    static func starReads(_ harness: SearchHarness) -> Int {
      harness.github.loopback.requests(to: path).filter { $0.method == "GET" }.count
    }

    /// `app search view <repo> --json`, decoded.
    static func viewJSON(_ harness: SearchHarness) async throws -> (run: SearchRun, json: [String: Any]) {
      let run = try await harness.run(["search", "view", repo, "--json"])
      return (run, try object(run.stdout))
    }

    static func object(_ text: String) throws -> [String: Any] {
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
      return try #require(object as? [String: Any], "not a JSON object: \(text)")
    }

    /// Asserts that `app sync --list` says nothing waits.
    static func expectNothingWaits(_ harness: SearchHarness, token: Bool = true) async throws {
      let list = try await harness.run(["sync", "--list"], token: token)
      #expect(list.status == 0)
      #expect(list.stdout == "No change waits.\n")
      #expect(list.stderr.isEmpty)
    }

    /// Asserts that `app sync --list` lists exactly `line` as the one change that waits.
    static func expectOneWaits(_ harness: SearchHarness, _ line: String) async throws {
      let list = try await harness.run(["sync", "--list"])
      #expect(list.status == 0 && list.stderr.isEmpty)
      #expect(list.stdout == "1 change waits:\n\(line)\n")
    }

    @Test("GitHub answering 503: the star waits, is seen as starred, and app sync sends it once GitHub answers")
    func starWaitsThenSyncSendsIt() async throws {
      let harness = try await SearchHarness.start()
      Self.githubCannotTakeIt(harness)

      let star = try await harness.run(["search", "star", Self.repo])
      #expect(star.status == 0)
      #expect(star.stdout == "Starred owner1/repo-1 (waiting for GitHub)\n")
      #expect(
        star.stderr == "note: the star is kept and waits for GitHub (GitHub answered HTTP 503); app sync sends it\n")
      #expect(Self.writes(harness) == ["PUT \(Self.path)"], "the star command tries once")
      #expect(harness.github.starred.isEmpty)

      try await Self.expectOneWaits(harness, Self.waits503)
      let listed = try await harness.run(["sync", "--list", "--json"])
      let change = try #require((try Self.object(listed.stdout)["changes"] as? [[String: Any]])?.first)
      #expect(change["key"] as? String == "owner1/repo-1" && change["summary"] as? String == "star owner1/repo-1")
      #expect(change["attempts"] as? Int == 1 && change["lastFailure"] as? String == "GitHub answered HTTP 503")

      let (viewRun, view) = try await Self.viewJSON(harness)
      #expect(viewRun.status == 0)
      #expect(view["viewerHasStarred"] as? Bool == true)
      #expect(view["starWaitsForGitHub"] as? Bool == true)
      #expect(viewRun.stderr == "1 change waits for GitHub: app sync\n")
      let text = try await harness.run(["search", "view", Self.repo])
      #expect(text.status == 0)
      #expect(text.stdout.contains("\nStarred:      yes (waiting for GitHub)\n"), "\(text.stdout)")
      #expect(text.stderr == "1 change waits for GitHub: app sync\n")

      Self.githubAnswers(harness)
      let sync = try await harness.run(["sync"])
      #expect(sync.status == 0)
      #expect(sync.stdout == "Sent star owner1/repo-1\n")
      #expect(sync.stderr == "Sending 1 change…\n")
      #expect(harness.github.starred == ["owner1/repo-1"])
      #expect(Self.writes(harness) == ["PUT \(Self.path)", "PUT \(Self.path)"])
      try await Self.expectNothingWaits(harness)
      let (_, after) = try await Self.viewJSON(harness)
      #expect(after["viewerHasStarred"] as? Bool == true)
      #expect(after["starWaitsForGitHub"] as? Bool == false)
      await harness.stop()
    }

    @Test("--offline: nothing is sent; the unstar after the star is the last intent, and app sync sends only a DELETE")
    func offlineLastIntentWins() async throws {
      let harness = try await SearchHarness.start()

      let star = try await harness.run(["search", "star", Self.repo, "--offline"])
      #expect(star.status == 0)
      #expect(star.stdout == "Starred owner1/repo-1 (waiting for GitHub)\n")
      #expect(star.stderr == "note: the star is kept and waits for GitHub (--offline); app sync sends it\n")
      #expect(harness.github.requests.isEmpty)

      let unstar = try await harness.run(["search", "unstar", Self.repo, "--offline"])
      #expect(unstar.status == 0)
      #expect(unstar.stdout == "Unstarred owner1/repo-1 (waiting for GitHub)\n")
      #expect(unstar.stderr == "note: the unstar is kept and waits for GitHub (--offline); app sync sends it\n")
      #expect(harness.github.requests.isEmpty)
      // Whether GitHub holds a star was never read, so the unstar still waits: the last intent replaces the star.
      try await Self.expectOneWaits(harness, "  unstar owner1/repo-1  (key owner1/repo-1)")

      let sync = try await harness.run(["sync"])
      #expect(sync.status == 0)
      #expect(sync.stdout == "Sent unstar owner1/repo-1\n")
      #expect(sync.stderr == "Sending 1 change…\n")
      #expect(harness.github.requests.map { "\($0.method) \($0.path)" } == ["DELETE \(Self.path)"])
      #expect(harness.github.starred.isEmpty, "GitHub holds the last intent: not starred")
      try await Self.expectNothingWaits(harness)
      await harness.stop()
    }

    /// The cache may be old (the repo may have been starred on github.com since it was read): an unstar is the user's
    /// explicit intent, and is sent whatever the cache says.
    @Test("--offline star then unstar of a repo known not starred: the unstar is the last intent and is still sent")
    func offlineBackToWhatTheCacheHolds() async throws {
      let harness = try await SearchHarness.start()
      let (_, before) = try await Self.viewJSON(harness)
      #expect(before["viewerHasStarred"] as? Bool == false)

      #expect(try await harness.run(["search", "star", Self.repo, "--offline"]).status == 0)
      let unstar = try await harness.run(["search", "unstar", Self.repo, "--offline"])
      #expect(unstar.status == 0)
      #expect(unstar.stdout == "Unstarred owner1/repo-1 (waiting for GitHub)\n")
      #expect(unstar.stderr == "note: the unstar is kept and waits for GitHub (--offline); app sync sends it\n")

      try await Self.expectOneWaits(harness, "  unstar owner1/repo-1  (key owner1/repo-1)")
      let sync = try await harness.run(["sync"])
      #expect(sync.status == 0 && sync.stdout == "Sent unstar owner1/repo-1\n")
      #expect(Self.writes(harness) == ["DELETE \(Self.path)"], "one request, carrying the last intent")
      #expect(harness.github.starred.isEmpty)
      try await Self.expectNothingWaits(harness)
      await harness.stop()
    }

    /// The defect this rule ends: the cache said `Starred: no`, the repo was starred on github.com, and an unstar
    /// printed "Unstarred" but sent nothing, so GitHub kept the star.
    @Test("an unstar against a cache that says not starred, of a repo starred elsewhere, reaches GitHub")
    func unstarAgainstAStaleCache() async throws {
      let harness = try await SearchHarness.start()
      let (_, before) = try await Self.viewJSON(harness)
      #expect(before["viewerHasStarred"] as? Bool == false)
      harness.github.star(Self.repo)

      let unstar = try await harness.run(["search", "unstar", Self.repo])

      #expect(unstar.status == 0)
      #expect(unstar.stdout == "Unstarred owner1/repo-1\n" && unstar.stderr.isEmpty)
      #expect(Self.writes(harness) == ["DELETE \(Self.path)"])
      #expect(harness.github.starred.isEmpty)
      try await Self.expectNothingWaits(harness)
      await harness.stop()
    }

    @Test("a refusal for good (404) is said at once and nothing is kept")
    func refusalAtOnce() async throws {
      let harness = try await SearchHarness.start()
      harness.github.loopback.route("PUT", "/user/starred/*/*", response: GitHubFakeResponses.notFound())

      let star = try await harness.run(["search", "star", Self.repo])
      #expect(star.status == 1)
      #expect(star.stdout.isEmpty)
      #expect(
        star.stderr == """
          error: repository not found: owner1/repo-1
          Check the owner and the name; a private repository needs a token that can see it.

          """)
      try await Self.expectNothingWaits(harness)
      let (_, view) = try await Self.viewJSON(harness)
      #expect(view["viewerHasStarred"] as? Bool == false)
      await harness.stop()
    }

    @Test("a waiting star that meets a 404 in app sync is refused and undone; the next view asks GitHub")
    func refusalInSync() async throws {
      let harness = try await SearchHarness.start()
      Self.githubCannotTakeIt(harness)
      #expect(try await harness.run(["search", "star", Self.repo]).status == 0)
      harness.github.loopback.route("PUT", "/user/starred/*/*", response: GitHubFakeResponses.notFound())

      let sync = try await harness.run(["sync"])
      #expect(sync.status == 1)
      #expect(
        sync.stdout == """
          Refused star owner1/repo-1: repository not found: owner1/repo-1 (undone)
            Check the owner and the name; a private repository needs a token that can see it.

          """)
      #expect(
        sync.stderr == """
          Sending 1 change…
          error: the change was not sent
          It was refused and undone; nothing waits.

          """)
      #expect(Self.writes(harness) == ["PUT \(Self.path)", "PUT \(Self.path)"], "a refusal is not tried again")
      try await Self.expectNothingWaits(harness)

      let reads = Self.starReads(harness)
      let (viewRun, view) = try await Self.viewJSON(harness)
      #expect(viewRun.status == 0 && viewRun.stderr.isEmpty)
      #expect(view["viewerHasStarred"] as? Bool == false)
      #expect(Self.starReads(harness) == reads + 1, "the undone star is read from GitHub again")
      await harness.stop()
    }

    @Test("app ui's background pass that meets a refusal undoes the star and says it on the status line")
    func refusalInTheBackground() async throws {
      let harness = try await SearchHarness.start()
      Self.githubCannotTakeIt(harness)
      #expect(try await harness.run(["search", "star", Self.repo]).status == 0)
      harness.github.loopback.route("PUT", "/user/starred/*/*", response: GitHubFakeResponses.notFound())
      let container = try harness.container(
        environment: harness.environment(), terminal: Terminal(output: CapturedText().sink, errors: CapturedText().sink)
      )
      let sync = BackgroundSync { try? container.resolve(ChangeOutbox.self) }
      let notices = Mutex<[String]>([])
      sync.tell { notice in notices.withLock { $0.append(notice) } }

      sync.send()
      await sync.idle()

      #expect(notices.withLock { $0 } == ["Refused star owner1/repo-1: repository not found: owner1/repo-1 (undone)"])
      try await Self.expectNothingWaits(harness)
      await harness.stop()
    }

    @Test("503 throughout app sync: the PUT is tried once per run, the change still waits, exit 1")
    func transientFailuresInSync() async throws {
      let harness = try await SearchHarness.start()
      Self.githubCannotTakeIt(harness)
      #expect(try await harness.run(["search", "star", Self.repo]).status == 0)
      #expect(Self.writes(harness).count == 1)

      let sync = try await harness.run(["sync"])
      #expect(sync.status == 1)
      #expect(sync.stdout == "Waits star owner1/repo-1: GitHub answered HTTP 503\n")
      #expect(sync.stdout.hasPrefix("Waits star owner1/repo-1:"))
      #expect(sync.stderr == "Sending 1 change…\n" + Self.notSent)
      #expect(Self.writes(harness).count == 1 + 1, "one try per run")
      #expect(harness.github.starred.isEmpty)

      let json = try await harness.run(["sync", "--json"])
      #expect(json.status == 1)
      #expect(json.stderr == Self.notSent)
      let changes = try #require(try Self.object(json.stdout)["changes"] as? [[String: Any]])
      #expect(changes.count == 1)
      #expect(changes.first?["result"] as? String == "waits")
      #expect(changes.first?["reason"] as? String == "GitHub answered HTTP 503")
      #expect(changes.first?["summary"] as? String == "star owner1/repo-1")
      #expect(changes.first?["key"] as? String == "owner1/repo-1")
      #expect(Self.writes(harness).count == 1 + 1 + 1)
      try await Self.expectOneWaits(harness, Self.waits503)
      await harness.stop()
    }

    @Test("without a token: exit 4 with how to set one, and nothing is kept")
    func noTokenKeepsNothing() async throws {
      let harness = try await SearchHarness.start()
      let star = try await harness.run(["search", "star", Self.repo], token: false)

      #expect(star.status == 4)
      #expect(star.stdout.isEmpty)
      #expect(
        star.stderr == """
          error: authentication required: starring needs a GitHub token
          Set GH_TOKEN (or GITHUB_TOKEN) to a GitHub token, e.g. export GH_TOKEN=$(gh auth token).

          """)
      #expect(harness.github.requests.isEmpty)
      try await Self.expectNothingWaits(harness, token: false)
      try await Self.expectNothingWaits(harness)
      await harness.stop()
    }

    @Test("a change made with one token is never sent with another; with its own token it is")
    func anotherToken() async throws {
      let harness = try await SearchHarness.start()
      Self.githubCannotTakeIt(harness)
      #expect(try await harness.run(["search", "star", Self.repo]).status == 0)
      Self.githubAnswers(harness)
      let other = "ghp_AnotherTokenB_0123456789abcdef"

      let sync = try await harness.run(["sync"], environment: ["GH_TOKEN": other])
      #expect(sync.status == 1)
      #expect(
        sync.stdout
          == "Waits star owner1/repo-1: it was made with another token than the one set now; set that token again "
          + "to send it, or drop it (app sync --discard)\n")
      #expect(sync.stderr == "Sending 1 change…\n" + Self.notSent)
      #expect(Self.writes(harness) == ["PUT \(Self.path)"], "nothing is sent with the other token")
      #expect(!harness.github.requests.contains { $0.header("authorization")?.contains(other) == true })
      try await Self.expectOneWaits(harness, Self.waits503)
      let listed = try await harness.run(["sync", "--list"], environment: ["GH_TOKEN": other])
      #expect(
        listed.stdout == """
          1 change waits:
            star owner1/repo-1  (key owner1/repo-1; last try: GitHub answered HTTP 503; not sent now: it was made \
          with another token than the one set now; set that token again to send it, or drop it (app sync --discard))

          """)

      let again = try await harness.run(["sync"])
      #expect(again.status == 0)
      #expect(again.stdout == "Sent star owner1/repo-1\n")
      #expect(Self.writes(harness) == ["PUT \(Self.path)", "PUT \(Self.path)"])
      #expect(harness.github.requests.last?.header("authorization") == "Bearer \(SearchHarness.token)")
      #expect(harness.github.starred == ["owner1/repo-1"])
      try await Self.expectNothingWaits(harness)
      await harness.stop()
    }

    @Test("app sync --discard drops a waiting change; an unknown key is an error; --list with --discard is misuse")
    func discard() async throws {
      let harness = try await SearchHarness.start()
      #expect(try await harness.run(["search", "star", Self.repo, "--offline"]).status == 0)

      let dropped = try await harness.run(["sync", "--discard", Self.repo])
      #expect(dropped.status == 0)
      #expect(dropped.stdout == "Dropped star owner1/repo-1; it will not be sent.\n")
      #expect(dropped.stderr.isEmpty)
      try await Self.expectNothingWaits(harness)
      let sync = try await harness.run(["sync"])
      #expect(sync.status == 0 && sync.stdout == "No change waits.\n")
      #expect(Self.writes(harness).isEmpty)
      let (_, view) = try await Self.viewJSON(harness)
      #expect(view["viewerHasStarred"] as? Bool == false, "the dropped star is no longer shown")

      let unknown = try await harness.run(["sync", "--discard", "nothing/here"])
      #expect(unknown.status == 1)
      #expect(unknown.stdout.isEmpty)
      #expect(
        unknown.stderr == """
          error: no change waits for 'nothing/here'
          app sync --list shows the keys of what waits.

          """)

      let misuse = try await harness.run(["sync", "--list", "--discard", "x"])
      #expect(misuse.status == 64)
      #expect(misuse.stdout.isEmpty)
      #expect(misuse.stderr.hasPrefix("error: --list and --discard cannot be used together.\n"))
      #expect(misuse.stderr.contains("Usage: app sync [--list] [--discard <KEY>] [--json]\n"))
      await harness.stop()
    }

    @Test("app cache clear keeps a waiting change: it is still listed, counted, shown and sent")
    func cacheClearKeepsTheChange() async throws {
      let harness = try await SearchHarness.start()
      Self.githubCannotTakeIt(harness)
      #expect(try await harness.run(["search", "star", Self.repo]).status == 0)

      let clear = try await harness.run(["cache", "clear"])
      #expect(clear.status == 0 && clear.stderr.isEmpty)
      #expect(clear.stdout.hasPrefix("Deleted 1 cached entry; user data and 1 change waiting for its origin "))
      #expect(clear.stdout == "Deleted 1 cached entry; user data and 1 change waiting for its origin are kept.\n")
      try await Self.expectOneWaits(harness, Self.waits503)
      let info = try await harness.run(["cache", "info", "--json"])
      #expect(info.status == 0)
      #expect(try Self.object(info.stdout)["waitingChanges"] as? Int == 1)
      let table = try await harness.run(["cache", "info"])
      #expect(table.stdout.contains("\n1 change waits for its origin: app sync\n"))
      let (_, view) = try await Self.viewJSON(harness)
      #expect(view["viewerHasStarred"] as? Bool == true, "the waiting star is still shown")

      Self.githubAnswers(harness)
      let sync = try await harness.run(["sync"])
      #expect(sync.status == 0 && sync.stdout == "Sent star owner1/repo-1\n")
      #expect(harness.github.starred == ["owner1/repo-1"])
      await harness.stop()
    }

    /// The tests run as root, whom permissions do not stop, so the star runs as `nobody` (through `setpriv`),
    /// from a copy of the binary `nobody` may run, as `ReadOnlyHomeTests` does.
    @Test("a read-only APP_HOME: the star fails saying the home is not writable, sends nothing, and nothing waits")
    func readOnlyHome() async throws {
      let harness = try await SearchHarness.start()
      #expect(try await harness.run(["search", "view", Self.repo]).status == 0)
      let requests = harness.github.requests.count
      #expect(try await AppRunner.runShell("chmod -R a+rX '\(harness.home.path)'").status == 0)
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-nobody-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let binary = directory.appendingPathComponent("app")
      try FileManager.default.copyItem(atPath: AppRunner.executable.path, toPath: binary.path)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)

      let star = try await AppRunner.runShell(
        "exec setpriv --reuid=nobody --regid=nogroup --clear-groups '\(binary.path)' search star \(Self.repo)",
        environment: [
          "APP_HOME": harness.home.path, "GITHUB_API_URL": harness.github.baseURL.absoluteString,
          "GH_TOKEN": SearchHarness.token,
        ])
      try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: harness.home.path)

      #expect(star.status == 1)
      #expect(star.stdout.isEmpty)
      let home = harness.home.path
      #expect(
        star.stderr.hasSuffix(
          "\nThe data directory \(home) is read-only for you, so nothing can be saved in it. It belongs to root: take "
            + "it over (sudo chown -R \"$USER\" \(home)), or set APP_HOME to a directory of your own.\n"),
        "\(star.stderr)")
      #expect(star.stderr.split(separator: "\n").count == 2)
      #expect(star.stderr.hasPrefix("error: the change was not made: the app database could not keep it\n"))
      #expect(harness.github.requests.count == requests, "nothing is sent")
      try await Self.expectNothingWaits(harness)
      await harness.stop()
    }
  }
}
