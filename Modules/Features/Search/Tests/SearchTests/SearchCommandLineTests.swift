import Foundation
import Reliability
import SearchRepository
import SearchTesting
import TestScheduling
import TestSupport
import Testing

/// Command lines users bring from `gh`: `--json` field lists, repository web addresses, `view --offline` and
/// `--refresh`, and what a wrong `GITHUB_API_URL` says.
@Suite(.untimed) struct SearchCommandLineTests {
  @Test func aGhJSONFieldListIsRefusedAndNeverSentAsQueryWords() async throws {
    let harness = try await SearchHarness.start()
    let run = try await harness.run(["search", "swift", "--json", "fullName,stargazersCount"])

    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.contains(
        "'fullName,stargazersCount' is a gh --json field list, not a search word; this --json prints every field. "
          + "Select fields with jq, e.g. app search swift --json | jq '.items[] | {fullName, stargazersCount}'"),
      "\(run.stderr)")
    #expect(harness.github.requests.isEmpty)

    for fields in ["fullName", "url,owner"] {
      let one = try await harness.run(["search", "--json", fields, "swift"])
      #expect(one.status == 64, "\(fields)")
    }
    #expect(harness.github.requests.isEmpty)
    await harness.stop()
  }

  /// `view`'s `--json` takes no field list either, and says so as a search does.
  @Test func aGhJSONFieldListAfterViewIsExplainedToo() async throws {
    let harness = try await SearchHarness.start()
    let run = try await harness.run(["search", "view", "zeta-labs/quill", "--json", "fullName"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == "error: 'fullName' is a gh --json field list, not an argument; this --json prints every field. "
        + "Select fields with jq, e.g. app search view zeta-labs/quill --json | jq\n"
        + "Usage: app search view [<repository>] [--offline] [--refresh] [--json]\n"
        + "  See 'app search view --help' for more information.\n", "\(run.stderr)")
    #expect(harness.github.requests.isEmpty)
    await harness.stop()
  }

  @Test func jsonBeforeTheWordsStillSearchesForThem() async throws {
    let harness = try await SearchHarness.start()
    let run = try await harness.run(["search", "--json", "swift"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(harness.github.searchRequests.map { $0.query("q") } == ["swift"])

    // Without --json, and for plain words that are also field names, the words are searched for.
    let plain = try await harness.run(["search", "url,owner", "--limit", "2"])
    let language = try await harness.run(["search", "language", "--json", "--limit", "2"])
    #expect(plain.status == 0 && language.status == 0)
    #expect(harness.github.searchRequests.map { $0.query("q") } == ["swift", "url,owner", "language"])
    await harness.stop()
  }

  @Test func a404FromTheSearchPointsAtGitHubAPIURL() async throws {
    let harness = try await SearchHarness.start()
    harness.github.loopback.route("GET", "/search/repositories", response: GitHubFakeResponses.notFound())
    let run = try await harness.run(["search", "swift"])

    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == "error: GitHub answered 404 Not Found to the search: GITHUB_API_URL is not the root of a GitHub REST API\n"
        + "Set GITHUB_API_URL to https://api.github.com, or to https://<host>/api/v3 for GitHub Enterprise Server "
        + "(the path must end in /api/v3).\n")
    await harness.stop()
  }

  @Test func viewOfflineShowsOnlyTheCacheAndNamesWhatIsMissing() async throws {
    let harness = try await SearchHarness.start()
    let missing = try await harness.run(["search", "view", "owner1/repo-1", "--offline"])
    #expect(missing.status == 1)
    #expect(missing.stdout.isEmpty)
    #expect(
      missing.stderr
        == "error: owner1/repo-1 is not in the cache\n"
        + "Run `app search view owner1/repo-1` once without --offline to fetch it from GitHub.\n")
    #expect(harness.github.requests.isEmpty)

    let online = try await harness.run(["search", "view", "owner1/repo-1", "--json"])
    #expect(online.status == 0)
    harness.clock.advance(by: 60 * 60)
    let offline = try await harness.run(["search", "view", "owner1/repo-1", "--offline", "--json"])
    #expect(offline.status == 0, "\(offline.stderr)")
    let json = try #require(JSONSerialization.jsonObject(with: Data(offline.stdout.utf8)) as? [String: Any])
    #expect(json["source"] as? String == "cache")
    #expect(json["stale"] as? Bool == true)
    #expect(json["fullName"] as? String == "owner1/repo-1")
    #expect(json["viewerHasStarred"] as? Bool == false, "the star read is cached with the details")
    #expect(harness.github.requests.map(\.path) == ["/repos/owner1/repo-1", "/user/starred/owner1/repo-1"])
    await harness.stop()
  }

  @Test func viewRefreshAsksGitHubEvenWhenTheCacheIsFresh() async throws {
    let harness = try await SearchHarness.start()
    _ = try await harness.run(["search", "view", "owner1/repo-1"])
    let cached = try await harness.run(["search", "view", "owner1/repo-1"])
    // The details and whether the token's user starred the repo: each read once, then cached.
    #expect(harness.github.requests.count == 2)
    let refreshed = try await harness.run(["search", "view", "owner1/repo-1", "--refresh", "--json"])
    #expect(cached.status == 0 && refreshed.status == 0)
    #expect(harness.github.requests.count == 4)
    let json = try #require(JSONSerialization.jsonObject(with: Data(refreshed.stdout.utf8)) as? [String: Any])
    #expect(json["source"] as? String == "network")

    let both = try await harness.run(["search", "view", "owner1/repo-1", "--offline", "--refresh"])
    #expect(both.status == 64)
    #expect(both.stderr.contains("--offline and --refresh cannot be used together"), "\(both.stderr)")
    #expect(harness.github.requests.count == 4)
    await harness.stop()
  }

  /// The fake GitHub's API is at 127.0.0.1, so that is the host its repos' addresses are on.
  @Test(arguments: [
    "https://127.0.0.1/owner1/repo-1", "https://127.0.0.1/owner1/repo-1/", "https://127.0.0.1/owner1/repo-1.git",
    "http://127.0.0.1/owner1/repo-1", "HTTPS://127.0.0.1/owner1/repo-1",
    // As gh takes them: [HOST/]OWNER/REPO, and the addresses a clone is made from.
    "127.0.0.1/owner1/repo-1", "git@127.0.0.1:owner1/repo-1.git", "ssh://git@127.0.0.1/owner1/repo-1.git",
    "ssh://git@127.0.0.1:22/owner1/repo-1", "git://127.0.0.1/owner1/repo-1.git",
    "git+ssh://git@127.0.0.1/owner1/repo-1",
  ])
  func viewAcceptsARepositoryAddress(address: String) async throws {
    let harness = try await SearchHarness.start()
    let run = try await harness.run(["search", "view", address, "--json"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(harness.github.requests.map(\.path) == ["/repos/owner1/repo-1", "/user/starred/owner1/repo-1"])
    let json = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(json["fullName"] as? String == "owner1/repo-1")
    await harness.stop()
  }

  @Test func starAndUnstarAcceptARepositoryAddress() async throws {
    let harness = try await SearchHarness.start()
    let star = try await harness.run(["search", "star", "https://127.0.0.1/owner1/repo-1/"])
    #expect(star.status == 0, "\(star.stderr)")
    #expect(star.stdout == "Starred owner1/repo-1\n")
    #expect(harness.github.starred == ["owner1/repo-1"])
    let unstar = try await harness.run(["search", "unstar", "https://127.0.0.1/owner1/repo-1.git"])
    #expect(unstar.stdout == "Unstarred owner1/repo-1\n")
    #expect(harness.github.starred.isEmpty)
    await harness.stop()
  }

  /// An address on another host than GITHUB_API_URL's web pages is refused before any request: starring
  /// https://gitlab.com/… must never star the repo of that name on GitHub.
  @Test(arguments: [
    ("https://api.github.com", "https://gitlab.com/zeta-labs/quill", "gitlab.com", "github.com"),
    ("https://api.github.com", "https://api.github.com/zeta-labs/quill", "api.github.com", "github.com"),
    ("https://ghe.example.com/api/v3", "https://github.com/zeta-labs/quill", "github.com", "ghe.example.com"),
  ])
  func anAddressOnAnotherHostIsAUsageErrorNamingIt(
    api: String, address: String, host: String, webHost: String
  )
    async throws
  {
    let harness = try await SearchHarness.start()
    for command in ["view", "star", "unstar"] {
      let run = try await harness.run(["search", command, address], environment: ["GITHUB_API_URL": api])
      #expect(run.status == 64, "\(command) \(address)")
      #expect(run.stdout.isEmpty)
      #expect(
        run.stderr
          == "error: '\(address)' is on \(host), not on \(webHost)\n"
          + "Give a repository on \(webHost), where GITHUB_API_URL's GitHub is (or owner/repo); for GitHub "
          + "Enterprise, set GITHUB_API_URL to https://<host>/api/v3.\n",
        "\(command) \(address): \(run.stderr)")
    }
    #expect(harness.github.requests.isEmpty)
    await harness.stop()
  }

  @Test(arguments: [
    "https://github.com/apple", "ftp://github.com/apple/swift", "https://github.com/apple/swift?tab=readme",
    "https://github.com/apple/swift#x", "https://user@github.com/apple/swift", "https://github.com:8443/apple/swift",
    "https:///apple/swift", "https://github.com//swift", "git@:apple/swift",
  ])
  func otherAddressesAreUsageErrorsNamingTheAcceptedForms(address: String) async throws {
    let harness = try await SearchHarness.start()
    for command in ["view", "star", "unstar"] {
      let run = try await harness.run(["search", command, address])
      #expect(run.status == 64, "\(command) \(address)")
      #expect(run.stdout.isEmpty)
      #expect(
        run.stderr
          == "error: '\(address)' is not a repository name\n"
          + "Give it as owner/repo (for example apple/swift), as host/owner/repo, or as its address: "
          + "https://github.com/owner/repo, git@github.com:owner/repo.git, ssh:// or git:// (a trailing / or .git "
          + "are fine; <host> for GitHub Enterprise).\n",
        "\(command) \(address): \(run.stderr)")
    }
    #expect(harness.github.requests.isEmpty)
    await harness.stop()
  }

  /// A longer path, as pasted from a page of the repo, is refused naming the repo it starts with.
  @Test(arguments: [
    ("https://127.0.0.1/owner1/repo-1/issues", "owner1/repo-1"), ("owner1/repo-1/pulls/3", "owner1/repo-1"),
    ("127.0.0.1/owner1/repo-1/tree/main", "owner1/repo-1"),
  ])
  func aPageOfARepoIsRefusedNamingTheRepo(address: String, repo: String) async throws {
    let harness = try await SearchHarness.start()
    for command in ["view", "star", "unstar"] {
      let run = try await harness.run(["search", command, address])
      #expect(run.status == 64, "\(command) \(address)")
      #expect(run.stdout.isEmpty)
      #expect(
        run.stderr
          == "error: '\(address)' is the address of a page of \(repo), not of a repository\nDid you mean \(repo)?\n",
        "\(command) \(address): \(run.stderr)")
    }
    #expect(harness.github.requests.isEmpty)
    await harness.stop()
  }

  /// `app search view` with no repository, run in `directory`, as a process of its own.
  static func viewHere(
    _ harness: SearchHarness, in directory: URL
  ) async throws -> (status: Int32, out: String, err: String) {
    let output = directory.appendingPathComponent("view.out")
    let errors = directory.appendingPathComponent("view.err")
    #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
    #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
    let process = Process()
    process.executableURL = AppRunner.executable
    process.arguments = ["search", "view"]
    process.environment = harness.environment()
    process.currentDirectoryURL = directory
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try AppRunner.launch(process)
    await AppRunner.waitForExit(process)
    return (
      process.terminationStatus, try String(contentsOf: output, encoding: .utf8),
      try String(contentsOf: errors, encoding: .utf8)
    )
  }

  /// Without a repository, `view` views the one the current directory is a clone of: its remote on the web host
  /// of GITHUB_API_URL, `origin` first, from any folder of the clone.
  @Test func viewWithoutARepositoryViewsTheCurrentClonesRemote() async throws {
    let harness = try await SearchHarness.start()
    let clone = FileManager.default.temporaryDirectory.appendingPathComponent("clone-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: clone) }
    let inside = clone.appendingPathComponent("Sources/Deep")
    try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: clone.appendingPathComponent(".git"), withIntermediateDirectories: true)
    let config = """
      [core]
      \tbare = false
      [remote "upstream"]
      \turl = https://gitlab.com/someone/else.git
      [remote "mirror"]
      \turl = git@127.0.0.1:owner2/repo-2.git
      [remote "origin"]
      \turl = git@127.0.0.1:owner1/repo-1.git
      """
    try config.write(to: clone.appendingPathComponent(".git/config"), atomically: true, encoding: .utf8)

    let viewed = try await Self.viewHere(harness, in: inside)
    #expect(viewed.status == 0, "\(viewed.err)")
    #expect(viewed.out.hasPrefix("owner1/repo-1\n"), "\(viewed.out)")

    try """
    [remote "upstream"]
    \turl = https://gitlab.com/someone/else.git
    """.write(to: clone.appendingPathComponent(".git/config"), atomically: true, encoding: .utf8)
    let elsewhere = try await Self.viewHere(harness, in: inside)
    #expect(elsewhere.status == 64)
    #expect(
      elsewhere.err
        == "error: no repository given, and no git remote of the current directory is on 127.0.0.1\n"
        + "Give one, as owner/repo (for example app search view apple/swift).\n")

    let plain = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: plain) }
    let none = try await Self.viewHere(harness, in: plain)
    #expect(none.status == 64)
    #expect(
      none.err
        == "error: no repository given, and the current directory is not in a git clone with a remote\n"
        + "Give one, as owner/repo (for example app search view apple/swift).\n")
    #expect(harness.github.requests.map(\.path).filter { $0.hasPrefix("/repos/") } == ["/repos/owner1/repo-1"])
    await harness.stop()
  }

  /// `www.` is the same host, as gh takes it.
  @Test func wwwIsTheSameHost() {
    #expect(RepoFullName.host(of: "https://www.github.com/zeta-labs/quill") == "github.com")
    #expect(RepoFullName.host(of: "www.github.com/zeta-labs/quill") == "github.com")
    #expect(RepoFullName.host(of: "git@github.com:zeta-labs/quill.git") == "github.com")
    #expect(RepoFullName.host(of: "zeta-labs/quill") == nil)
    #expect(RepoFullName(argument: "github.com/zeta-labs/quill")?.description == "zeta-labs/quill")
  }
}

@Suite(.untimed) struct SearchArchivedTests {
  @Test func anArchivedRepoIsMarkedOnATerminalAndInPipedRows() async throws {
    let harness = try await SearchHarness.start(repos: [
      GitHubFakeRepo(
        owner: "old", name: "tool", description: "Kept for history", language: "Swift", stars: 9, archived: true),
      GitHubFakeRepo(owner: "new", name: "tool", description: "Maintained", language: "Swift", stars: 8),
    ])
    let piped = try await harness.run(["search", "tool"])
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout == "old/tool\t(archived) Kept for history\tSwift\t9\nnew/tool\tMaintained\tSwift\t8\n")

    let terminal = try await harness.run(["search", "tool", "--refresh"], interactive: true, columns: 100)
    #expect(terminal.stdout.contains("old/tool  (archived) Kept for history"))
    #expect(!terminal.stdout.contains("new/tool  (archived)"))
    await harness.stop()
  }
}
