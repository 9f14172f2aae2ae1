import Foundation
import Reliability
import SearchRepository
import Synchronization
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The write side of Search under stress: stars and unstars written to `pending_changes` and the cache, then sent
/// by the command or by `app sync`, against a faulty GitHub, under kill -9, while another process sends, on a full
/// disk and in a read-only home.
///
/// Every row compares what the fake GitHub holds with what the user was told, and checks that nothing waits once
/// a clean `app sync` ran. Its rows are named `changes: …`, which `STRESS_ONLY=changes` runs alone.
public enum SearchChangeScenarios {
  /// The token the fake GitHub takes for stars.
  static let token = "ghp_ChangeScenarios_0123456789abcdef"
  /// Where stars are kept, in the cache and in `pending_changes`.
  static let namespace = SearchStores.starredNamespace

  // MARK: - Sending under faults

  /// For each fault of GitHub's star endpoint, two cases on a repo of their own, in one home:
  ///
  /// - `star` (GitHub has no star), then `app sync`, against the faulty GitHub;
  /// - `unstar` (GitHub has the star, made healthy first), `star --offline`, `unstar --offline`, then `app sync`,
  ///   against the faulty GitHub.
  ///
  /// Then GitHub is healthy again and `app sync` runs once more. A passing fault (down, stalled, rate-limited, 5xx)
  /// keeps the change waiting (the command exits 0 and says so; `app sync` exits 1) until the healthy sync sends
  /// it; a slow GitHub takes it at once; a refusal (404, 422) undoes it (the command exits non-zero; nothing waits).
  /// Afterwards GitHub holds the last intent (a refused one: what it held before), `app sync --list --json` lists
  /// nothing, and the cached star, if any, is what GitHub holds.
  public static func sendingUnderFaults() async throws -> ScenarioResult {
    var tally = ScenarioTally(
      "changes: star/unstar + app sync under \(StarFault.allCases.count) GitHub faults, then healthy")
    let origin = try await FaultyStars.start(repos: StarFault.allCases.count * 2)
    let home = AppHome(label: "stress-changes-faults")
    defer { home.remove() }
    for (index, fault) in StarFault.allCases.enumerated() {
      for starring in [true, false] {
        let repo = GitHubFakeRepo.numbered(2 * index + (starring ? 1 : 2)).fullName
        let label = "\(fault.rawValue) / \(starring ? "star" : "unstar, star --offline, unstar --offline") \(repo)"
        let (problems, lost) = try await faultCase(fault, starring: starring, repo: repo, origin: origin, home: home)
        tally.record(problems: problems.map { "\(label): \($0)" }, lostData: lost)
      }
    }
    await origin.stop()
    return tally.result
  }

  /// One case of ``sendingUnderFaults()``: what went wrong, and whether a change was lost or applied otherwise.
  static func faultCase(
    _ fault: StarFault, starring: Bool, repo: String, origin: FaultyStars, home: AppHome
  ) async throws -> (problems: [String], lost: Bool) {
    var problems: [String] = []
    let key = repo.lowercased()
    let healthy = origin.environment(home: home, fault: nil)
    let faulty = origin.environment(home: home, fault: fault)
    if !starring {
      let setup = try await AppRunner.run(["search", "star", repo], environment: healthy)
      problems += expect(setup, "healthy star first", .success(waits: false))
      if !origin.github.starred.contains(key) { problems.append("healthy star first: GitHub has no star") }
    }
    await origin.set(fault)
    let passing = fault.kind == .passing
    let refused = fault.kind == .refusal
    let intent: Expected = refused ? .failure : .success(waits: passing)
    var commands: [([String], Expected)] = [(["search", starring ? "star" : "unstar", repo], intent)]
    if !starring {
      commands.append((["search", "star", repo, "--offline"], .success(waits: true)))
      // The unstar is the user's intent, sent whatever the cache says GitHub holds.
      commands.append((["search", "unstar", repo, "--offline"], .success(waits: true)))
    }
    // A slow GitHub took the change; a refused star left nothing to send, a refused unstar left the two offline
    // intents, whose last one GitHub refuses in turn.
    let faultySync: Int32 = passing || (refused && !starring) ? 1 : 0
    commands.append((["sync"], .status(faultySync)))
    for (arguments, expected) in commands {
      let run = try await AppRunner.run(arguments, environment: faulty, timeLimit: .seconds(60))
      problems += expect(run, arguments.joined(separator: " ") + " (\(fault.rawValue))", expected)
    }
    await origin.set(nil)
    // A rate limit holds every change for GitHub until its reset, from any process: the healthy sync comes after.
    await origin.rateLimitOver()
    let sync = try await AppRunner.run(["sync"], environment: healthy)
    problems += expect(sync, "sync (healthy)", .status(0))
    let (more, lost) = try await settled(
      [key: refused ? !starring : starring], origin: origin.github, home: home, environment: healthy)
    return (problems + more, lost)
  }

  /// The checks after a clean `app sync`: GitHub holds `expected` for each key, nothing waits (as
  /// `app sync --list --json` and the table say), the cache agrees with GitHub, and the database is sound.
  static func settled(
    _ expected: [String: Bool], origin: GitHubFakeServer, home: AppHome, environment: [String: String]
  ) async throws -> (problems: [String], lost: Bool) {
    var problems: [String] = []
    var lost = false
    for (key, value) in expected.sorted(by: { $0.key < $1.key }) where origin.starred.contains(key) != value {
      problems.append("GitHub \(value ? "lacks" : "has") the star of \(key); it must be \(starredWord(value))")
      lost = true
    }
    let list = try await AppRunner.run(["sync", "--list", "--json"], environment: environment)
    if list.status != 0 { problems.append("sync --list --json exited \(list.status): \(list.stderr.prefix(200))") }
    if let waiting = waitingKeys(list.stdout) {
      if !waiting.isEmpty { problems.append("after a clean sync, sync --list --json lists \(waiting)") }
    } else {
      problems.append("sync --list --json printed no list: \(list.stdout.prefix(200))")
    }
    do {
      let state = try home.inspect()
      if state.integrity != "ok" {
        problems.append("integrity: \(state.integrity)")
        lost = true
      }
      let rows = try StarRows.read(home)
      if !rows.waiting.isEmpty { problems.append("pending_changes still holds \(rows.waiting)") }
      for key in expected.keys.sorted() {
        if let cached = rows.cached[key], cached != origin.starred.contains(key) {
          problems.append("the cache says \(key) is \(starredWord(cached)), GitHub says the opposite")
          lost = true
        }
      }
    } catch {
      problems.append("the database did not open: \(error)")
      lost = true
    }
    return (problems, lost)
  }

  // MARK: - kill -9

  /// `runs` runs of one to three steps each over three repos, GitHub answering every star 0–200 ms late (it
  /// applies a request when it arrives, as GitHub may before its answer reaches a killed client). A step is
  /// `app search star|unstar` of a random repo, `app sync`, or both at once (the intent then, when a change
  /// waits, is the opposite of a waiting one: the user changes their mind while `app sync` sends it); each process
  /// gets SIGKILL after a random delay (seeded from `seed`) unless it ended first, and the next step starts once
  /// every process ended and GitHub answered every request. A run ends with a clean `app sync` against a healthy
  /// GitHub; after a failed run, the next starts with a fresh home.
  ///
  /// After each run: for every repo, GitHub holds the last intent of a command that ended with 0, or the intent of
  /// a killed command made after it (else what it held before the run); nothing waits; the cached star agrees with
  /// GitHub; the database passes its integrity check and `app cache info` exits 0.
  public static func killDuringChanges(runs: Int = 120, seed: UInt64 = 0x5EED) async throws -> ScenarioResult {
    var random = SeededGenerator(seed: seed ^ 0xC4A1_6E5E_D5EE_D000)
    let repos = (1...3).map { GitHubFakeRepo.numbered($0).fullName }
    let origin = try await SlowStars.start(repos: repos.count)
    let home = AppHome(label: "stress-changes-kill")
    defer { home.remove() }
    let environment = [
      "APP_HOME": home.url.path, "GITHUB_API_URL": origin.github.baseURL.absoluteString, "GH_TOKEN": token,
      "APP_HTTP_TIMEOUT": "30",
    ]
    var tally = ScenarioTally("changes: kill -9 during star, unstar and app sync")
    var held = Dictionary(uniqueKeysWithValues: repos.map { ($0.lowercased(), false) })
    var kills = 0
    for run in 1...runs {
      let lateness = Int.random(in: 0...200, using: &random)
      let slowness = Duration.milliseconds(lateness)
      origin.setSlowness(slowness)
      // What GitHub may hold for each key at the end of the run.
      var allowed = held.mapValues { Set([$0]) }
      var problems: [String] = []
      var story: [String] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        var repo = repos[Int.random(in: 0..<repos.count, using: &random)]
        var starring = Bool.random(using: &random)
        // 0-3: an intent alone; 4-6: the intent while `app sync` runs; 7-9: `app sync` alone.
        let kind = Int.random(in: 0..<10, using: &random)
        let waiting = (try? StarRows.read(home).waiting.sorted { $0.key < $1.key }) ?? []
        if (4...6).contains(kind), !waiting.isEmpty {
          // The user changes their mind about a change that waits while `app sync` sends it.
          let change = waiting[Int.random(in: 0..<waiting.count, using: &random)]
          (repo, starring) = (change.key, !change.value)
        }
        var commands: [[String]] = []
        if kind < 7 { commands.append(["search", starring ? "star" : "unstar", repo]) }
        if kind >= 4 { commands.append(["sync"]) }
        // About half the processes end before their kill: a start takes some 40 ms, a send `lateness`.
        let budget = 80 + 2 * lateness
        let delays = commands.map { _ in Duration.milliseconds(Int.random(in: 0...budget, using: &random)) }
        let outcomes = try await withThrowingTaskGroup(of: (Int, KilledRun.Outcome).self) { group in
          for (index, arguments) in commands.enumerated() {
            let started = try KilledRun.start(arguments, environment: environment)
            group.addTask { (index, await started.kill(after: delays[index], origin: origin)) }
          }
          return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for (index, arguments) in commands.enumerated() {
          guard let outcome = outcomes[index] else { continue }
          let line = arguments.joined(separator: " ")
          story.append("\(line) \(outcome)")
          if outcome.killed { kills += 1 }
          // A sync beside a star waits for the repo the star's send holds (the kernel lets go of it when that
          // process is killed), so every process that was not killed ends with 0.
          if !outcome.killed && outcome.status != 0 {
            problems.append("`\(line)` exited \(outcome.status) unkilled: \(outcome.stderr.prefix(200))")
          }
          guard arguments.first == "search" else { continue }
          let key = repo.lowercased()
          if outcome.killed || outcome.status != 0 {
            allowed[key, default: []].insert(starring)
          } else {
            allowed[key] = [starring]
          }
        }
        if !(await origin.settle()) { problems.append("GitHub still answers a killed request after 30 s") }
      }
      origin.setSlowness(.zero)
      let sync = try await AppRunner.run(["sync"], environment: environment)
      problems += expect(sync, "the clean sync", .status(0))
      let info = try await AppRunner.run(["cache", "info"], environment: environment)
      if info.status != 0 { problems.append("cache info exited \(info.status): \(info.stderr.prefix(200))") }
      var lost = false
      for (key, values) in allowed.sorted(by: { $0.key < $1.key }) {
        let holds = origin.github.starred.contains(key)
        if !values.contains(holds) {
          problems.append(
            "GitHub \(holds ? "has" : "lacks") the star of \(key); the user was told \(intent(!holds)) last")
          lost = true
        }
        held[key] = holds
      }
      let (more, damaged) = try await settled([:], origin: origin.github, home: home, environment: environment)
      problems += more
      if let rows = try? StarRows.read(home) {
        for (key, cached) in rows.cached where cached != held[key] {
          problems.append("the cache says \(key) is \(starredWord(cached)), GitHub says the opposite")
          lost = true
        }
      }
      let context = problems.isEmpty ? [] : ["run \(run) (GitHub \(slowness) late): \(story.joined(separator: "; "))"]
      tally.record(problems: context + problems, lostData: lost || damaged)
      // A home whose cache GitHub no longer matches would fail every later run: the next run starts afresh.
      if !problems.isEmpty { home.remove() }
    }
    tally.name = "changes: kill -9 during star, unstar and app sync (\(kills) kills, \(origin.midSend) mid-send)"
    await origin.stop()
    return tally.result
  }

  // MARK: - A newer intent during a send

  /// `runs` times, on a random one of three repos: an intent `--offline` (the opposite of what GitHub holds), then
  /// `app sync` and the intent that takes it back at once, as when the user changes their mind while the change is
  /// being sent (or `app ui` sends it). GitHub applies each request as it arrives. Both commands end with 0; once
  /// GitHub answered everything and a clean `app sync` ran, GitHub holds the last intent, nothing waits, and the
  /// cache agrees. After a failed run, the next starts with a fresh home.
  public static func newerIntentDuringSync(runs: Int = 100, seed: UInt64 = 0x5EED) async throws -> ScenarioResult {
    var random = SeededGenerator(seed: seed ^ 0x0DD5_EC0D_1A7E_57A4)
    let repos = (1...3).map { GitHubFakeRepo.numbered($0).fullName }
    let origin = try await SlowStars.start(repos: repos.count)
    let home = AppHome(label: "stress-changes-mind")
    defer { home.remove() }
    let environment = [
      "APP_HOME": home.url.path, "GITHUB_API_URL": origin.github.baseURL.absoluteString, "GH_TOKEN": token,
      "APP_HTTP_TIMEOUT": "30",
    ]
    var tally = ScenarioTally("changes: a newer intent while app sync sends the waiting one")
    var bothSent = 0
    for run in 1...runs {
      let repo = repos[Int.random(in: 0..<repos.count, using: &random)]
      let key = repo.lowercased()
      let holds = origin.github.starred.contains(key)
      let (first, last) = holds ? ("unstar", "star") : ("star", "unstar")
      let sent = origin.github.requests.count
      var problems = expect(
        try await AppRunner.run(["search", first, repo, "--offline"], environment: environment),
        "\(first) \(repo) --offline", .success(waits: true))
      async let syncing = AppRunner.run(["sync"], environment: environment)
      async let changing = AppRunner.run(["search", last, repo], environment: environment)
      let (sync, change) = try await (syncing, changing)
      // Whichever holds the repo first sends; the other waits for it, then finds the repo settled or sends the last
      // intent itself: both end with 0.
      problems += expect(sync, "app sync", .status(0))
      problems += expect(change, "\(last) \(repo) during app sync", .success(waits: false))
      if !(await origin.settle()) { problems.append("GitHub still answers after 30 s") }
      let requests = origin.github.requests.dropFirst(sent).map { "\($0.method) \($0.path)" }
      if requests.count > 1 { bothSent += 1 }
      let clean = try await AppRunner.run(["sync"], environment: environment)
      problems += expect(clean, "the clean sync", .status(0))
      let (more, lost) = try await settled([key: holds], origin: origin.github, home: home, environment: environment)
      problems += more
      let context = problems.isEmpty ? [] : ["run \(run): GitHub got, in this order, \(requests)"]
      tally.record(problems: context + problems, lostData: lost)
      if !problems.isEmpty { home.remove() }
    }
    tally.name = "changes: a newer intent while app sync sends the waiting one (\(bothSent) runs sent both)"
    await origin.stop()
    return tally.result
  }

  // MARK: - Full disk and read-only home

  /// The commands met with a full disk and a read-only home, each with the key it changes to what (`nil` for
  /// `app sync`, which sends the waiting star of `owner3/repo-3`).
  static let storageCommands: [(arguments: [String], key: String?, value: Bool)] = [
    (["search", "star", "owner2/repo-2"], "owner2/repo-2", true),
    (["search", "unstar", "owner1/repo-1"], "owner1/repo-1", false),
    (["search", "star", "owner2/repo-2", "--offline"], "owner2/repo-2", true),
    (["search", "unstar", "owner3/repo-3", "--offline"], "owner3/repo-3", false),
    (["sync"], nil, true),
  ]

  /// Each of ``storageCommands`` with no room left on the disk of `APP_HOME`: on a tmpfs filled up but for 0 to
  /// 16 pages (ENOSPC; when this user may mount one, that is as root), and under `ulimit -f` (EFBIG, SIGXFSZ
  /// ignored). A command that ends with 0 made its change whole (cached, and sent or waiting); one that cannot
  /// record it ends with 1 to 127 and an `error:` line, and leaves no waiting row and no cached star for it, and
  /// sends nothing. `app sync` never loses the change that waits. No other star changes; the file stays sound.
  public static func fullDisk() async throws -> ScenarioResult {
    let origin = try await GitHubFakeServer.start(token: token, repos: (1...3).map(GitHubFakeRepo.numbered))
    defer { Task { await origin.stop() } }
    let home = AppHome(label: "stress-changes-full")
    defer { home.remove() }
    try FileManager.default.createDirectory(at: home.url, withIntermediateDirectories: true)
    let mounted = Tmpfs.mount(at: home.url, kibibytes: 1024)
    defer { if mounted { Tmpfs.unmount(home.url) } }
    var tally = ScenarioTally(
      "changes: star on a full disk (" + (mounted ? "tmpfs ENOSPC, " : "no tmpfs without root; ") + "ulimit -f)")
    let environment = [
      "APP_HOME": home.url.path, "GITHUB_API_URL": origin.baseURL.absoluteString, "GH_TOKEN": token,
      "APP_HTTP_TIMEOUT": "30",
    ]
    let baseline = try await StorageBaseline.prepare(home: home, origin: origin, environment: environment)
    let filler = home.url.appendingPathComponent("filler")
    if mounted {
      for pages in [0, 1, 2, 3, 4, 6, 8, 10, 12, 16] {
        for command in storageCommands {
          try Tmpfs.fill(filler, leavingPages: pages)
          let before = try StorageSnapshot(home: home, origin: origin)
          let run = try await AppRunner.run(command.arguments, environment: environment)
          try? FileManager.default.removeItem(at: filler)
          let label = "\(pages) pages free: \(command.arguments.joined(separator: " "))"
          let (problems, lost) = try judge(run.status, output: run.stderr, command, before: before, home, origin)
          tally.record(problems: problems.map { "\(label): \($0)" } + crashes(run, label), lostData: lost)
          try await baseline.restore(home: home, origin: origin, environment: environment)
        }
      }
    }
    for blocks in [0, 4, 8, 16, 24, 32, 48, 64, 128] {
      for command in storageCommands {
        let before = try StorageSnapshot(home: home, origin: origin)
        let run = try await AppRunner.runShell(
          FileSizeLimit.script(blocks: blocks, command.arguments), environment: environment)
        let label = "ulimit -f \(blocks): \(command.arguments.joined(separator: " "))"
        guard let status = FileSizeLimit.status(in: run.stdout) else {
          tally.record(problems: ["\(label): no exit status; output \(run.stdout.suffix(300))"])
          continue
        }
        let (problems, lost) = try judge(status, output: run.stdout, command, before: before, home, origin)
        tally.record(problems: problems.map { "\(label): \($0)" } + crashes(run, label), lostData: lost)
        try await baseline.restore(home: home, origin: origin, environment: environment)
      }
    }
    return tally.result
  }

  /// Each of ``storageCommands`` with `APP_HOME` read-only: `chmod 0500` on it (and 0400 on its files), or, as
  /// root, whom permissions do not stop, run as `nobody` in a home open to all for reading. Every command must
  /// end with 1 to 127, an `error:` line naming the home, and a hint; the database file keeps every byte, and
  /// GitHub gets no request.
  public static func readOnlyHome() async throws -> ScenarioResult {
    let origin = try await GitHubFakeServer.start(token: token, repos: (1...3).map(GitHubFakeRepo.numbered))
    defer { Task { await origin.stop() } }
    let home = AppHome(label: "stress-changes-readonly")
    defer { home.remove() }
    let asRoot = getuid() == 0
    var tally = ScenarioTally(
      "changes: star in a read-only APP_HOME ("
        + (asRoot ? "as nobody: root ignores chmod 0500" : "chmod 0500") + ")")
    let environment = [
      "APP_HOME": home.url.path, "GITHUB_API_URL": origin.baseURL.absoluteString, "GH_TOKEN": token,
      "APP_HTTP_TIMEOUT": "30",
    ]
    _ = try await StorageBaseline.prepare(home: home, origin: origin, environment: environment)
    let user = asRoot ? try AnotherUser.prepare(home: home.url) : nil
    defer { user?.remove() }
    if !asRoot { try ReadOnly.set(home.url, readOnly: true) }
    defer { if !asRoot { try? ReadOnly.set(home.url, readOnly: false) } }
    let bytes = try Data(contentsOf: home.databaseFile)
    for command in storageCommands {
      let label = command.arguments.joined(separator: " ")
      let before = try StorageSnapshot(home: home, origin: origin)
      let run =
        if let user {
          try await AppRunner.runShell(user.script(command.arguments), environment: environment)
        } else {
          try await AppRunner.run(command.arguments, environment: environment)
        }
      var problems = expect(run, label, .failure) + crashes(run, label)
      if !run.stderr.contains(home.url.path) { problems.append("\(label): the error does not name the home") }
      if (try? Data(contentsOf: home.databaseFile)) != bytes { problems.append("\(label): the database file changed") }
      let after = try StorageSnapshot(home: home, origin: origin)
      if after.requests != before.requests { problems.append("\(label): GitHub got a request") }
      let lost = after.stars != before.stars || after.integrity != "ok"
      if lost { problems.append("\(label): stars went from \(before.stars) to \(after.stars)") }
      tally.record(problems: problems, lostData: lost)
    }
    return tally.result
  }

  /// What is wrong with a run of ``storageCommands``' `command` on a full disk that ended with `status`, printing
  /// `output`; `lost` when a star other than the command's changed, or the change that waited is gone unsent.
  static func judge(
    _ status: Int32, output: String, _ command: (arguments: [String], key: String?, value: Bool),
    before: StorageSnapshot, _ home: AppHome, _ origin: GitHubFakeServer
  ) throws -> (problems: [String], lost: Bool) {
    let after = try StorageSnapshot(home: home, origin: origin)
    var problems: [String] = []
    var lost = false
    if after.integrity != "ok" {
      problems.append("integrity: \(after.integrity)")
      lost = true
    }
    if status < 0 || status >= 128 { problems.append("exit \(status)") }
    if status != 0 && !output.contains("error: ") { problems.append("exit \(status) without an error line") }
    let key = command.key ?? StorageBaseline.waitingKey
    for other in Set(before.stars.keys).union(after.stars.keys) where other != key {
      if before.stars[other] != after.stars[other] {
        problems.append("\(other) went from \(before.stars[other] ?? .none) to \(after.stars[other] ?? .none)")
        lost = true
      }
    }
    let was = before.stars[key] ?? .none
    let now = after.stars[key] ?? .none
    if command.key == nil {
      // `app sync`: the waiting star is sent, or still waits; never gone unsent.
      if now.waiting == nil && !now.atGitHub {
        problems.append("the waiting star of \(key) is gone and GitHub lacks it: \(was) → \(now)")
        lost = true
      } else if status == 0 && (now.waiting != nil || !now.atGitHub) {
        problems.append("exit 0, but \(key) is \(now)")
      } else if status != 0 && now.waiting == nil {
        problems.append("exit \(status), but the star of \(key) was sent and nothing waits")
      }
    } else if status == 0 {
      // Cached, and waiting or at GitHub (an offline intent that brings the key back to what GitHub holds waits
      // no more).
      let whole =
        now.cached == command.value
        && (now.waiting == command.value || (now.waiting == nil && now.atGitHub == command.value))
      if !whole { problems.append("exit 0, but \(key) went from \(was) to \(now)") }
    } else if was != now {
      // Told that the change failed, the user must find nothing of it: not half-written, not kept, not sent.
      let fate =
        now.atGitHub != was.atGitHub
        ? "GitHub has it already" : now.waiting != nil ? "the next app sync sends it" : "it is half-written"
      problems.append(
        "exit \(status) (the change failed, says the app), yet \(key) went from [\(was)] to [\(now)]: \(fate)")
    }
    return (problems, lost)
  }

  // MARK: - Checks

  /// How a run must end.
  enum Expected {
    /// Exit 0; the change waits for GitHub (the output says so) or not, when given.
    case success(waits: Bool?)
    /// An exit status from 1 to 127 and an `error:` line.
    case failure
    /// This exit status.
    case status(Int32)
  }

  /// What is wrong with `run`, labelled `label`, which had to end as `expected`.
  static func expect(_ run: AppRunner.Result, _ label: String, _ expected: Expected) -> [String] {
    var problems = crashes(run, label)
    let said = "\(label): exit \(run.status), stdout \(run.stdout.prefix(120)), stderr \(run.stderr.prefix(300))"
    switch expected {
    case .success(let waits):
      if run.status != 0 { problems.append("\(said); expected 0") }
      if let waits, run.stdout.contains("(waiting for GitHub)") != waits {
        problems.append("\(said); expected the change \(waits ? "to wait" : "sent")")
      }
    case .failure:
      if run.status == 0 || run.status >= 128 || !run.stderr.contains("error: ") {
        problems.append("\(said); expected a failure with an error line")
      }
    case .status(let status):
      if run.status != status { problems.append("\(said); expected \(status)") }
    }
    return problems
  }

  /// A hang or a crash.
  static func crashes(_ run: AppRunner.Result, _ label: String) -> [String] {
    if run.timedOut { return ["\(label): still running after its time limit"] }
    if run.killedBySignal { return ["\(label): ended by signal \(run.status)"] }
    return []
  }

  /// The keys `app sync --list --json` lists in `output`; `nil` when it is not that list.
  static func waitingKeys(_ output: String) -> [String]? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
      let changes = object["changes"] as? [[String: Any]]
    else { return nil }
    return changes.map { $0["key"] as? String ?? "?" }
  }

  static func intent(_ starred: Bool) -> String { starred ? "star" : "unstar" }

  static func starredWord(_ starred: Bool) -> String { starred ? "starred" : "not starred" }
}

// MARK: - Faulty GitHub

/// What GitHub's star endpoint does in ``SearchChangeScenarios/sendingUnderFaults()``.
enum StarFault: String, CaseIterable, Sendable {
  /// Connection refused: `http_proxy` names a closed port, so the origin's URL (and the changes filed under it)
  /// stays the same.
  case refused = "down (refused)"
  /// Connection reset: `http_proxy` names a server that resets every connection.
  case reset = "down (reset)"
  /// Answers 600 ms late.
  case slow
  /// Never answers; `APP_HTTP_TIMEOUT=1` ends each request.
  case stalled
  /// 403 with `x-ratelimit-remaining: 0` and a reset an hour away.
  case rateLimited = "rate-limited"
  /// 500 to `PUT`, a proxy's HTML 502 to `DELETE`.
  case serverError = "5xx"
  /// 404 `Not Found`.
  case notFound = "404"
  /// 422 `Validation Failed`.
  case invalid = "422"

  /// How the app must take it.
  enum Kind {
    /// Passing: the change waits for `app sync`.
    case passing
    /// GitHub takes the change.
    case taken
    /// Refused for good: the change is undone.
    case refusal
  }

  var kind: Kind {
    switch self {
    case .refused, .reset, .stalled, .rateLimited, .serverError: .passing
    case .slow: .taken
    case .notFound, .invalid: .refusal
    }
  }
}

/// A fake GitHub whose star requests meet a chosen ``StarFault``.
final class FaultyStars: Sendable {
  let github: GitHubFakeServer
  private let resetter: ResettingServer
  private let closedPort: UInt16
  private let fault = Mutex<StarFault?>(nil)
  private let hold = Mutex(RequestHold())
  /// When the rate limit of the `rate-limited` fault resets.
  private let reset = Mutex<Date?>(nil)

  private init(github: GitHubFakeServer, resetter: ResettingServer, closedPort: UInt16) {
    self.github = github
    self.resetter = resetter
    self.closedPort = closedPort
  }

  /// Starts GitHub knowing `repos` numbered repos, with a healthy star endpoint.
  static func start(repos: Int) async throws -> FaultyStars {
    let stars = FaultyStars(
      github: try await GitHubFakeServer.start(
        token: SearchChangeScenarios.token, repos: (1...repos).map(GitHubFakeRepo.numbered)),
      resetter: try ResettingServer.start(), closedPort: try LoopbackServer.unusedPort())
    stars.github.loopback.route(nil, "/user/starred/*/*") { [stars] request in
      try await stars.answer(request)
    }
    return stars
  }

  /// The settings of a run in `home` against GitHub under `fault` (healthy when `nil`).
  func environment(home: AppHome, fault: StarFault?) -> [String: String] {
    var environment = [
      "APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString,
      "GH_TOKEN": SearchChangeScenarios.token, "APP_HTTP_TIMEOUT": fault == .stalled ? "1" : "30",
    ]
    switch fault {
    case .refused?: environment["http_proxy"] = "http://127.0.0.1:\(closedPort)"
    case .reset?: environment["http_proxy"] = resetter.baseURL.absoluteString
    default: break
    }
    return environment
  }

  /// Makes later star requests meet `fault`; requests held by a stall are let go (unanswered by GitHub).
  func set(_ fault: StarFault?) async {
    if fault == .rateLimited { reset.withLock { $0 = Date().addingTimeInterval(Self.rateLimitWindow) } }
    let previous = self.fault.withLock { old in
      defer { old = fault }
      return old
    }
    if previous == .stalled {
      let old = hold.withLock { held in
        defer { held = RequestHold() }
        return held
      }
      await old.release()
    }
  }

  /// How far ahead the rate limit resets: beyond the client's automatic wait, so the change waits.
  static let rateLimitWindow: TimeInterval = 5

  /// Returns once the last rate limit's reset has passed (at once when there was none): GitHub asked the app to
  /// send nothing before it, and the app keeps that.
  func rateLimitOver() async {
    guard let reset = reset.withLock({ $0 }) else { return }
    while Date() <= reset {
      try? await Task.sleep(for: .milliseconds(max(10, Int(reset.timeIntervalSinceNow * 1000) + 10)))
    }
  }

  /// Stops both servers.
  func stop() async {
    await set(nil)
    resetter.stop()
    await github.stop()
  }

  private func answer(_ request: LoopbackRequest) async throws -> LoopbackResponse {
    switch fault.withLock({ $0 }) {
    case nil, .refused?, .reset?:
      return github.starResponse(for: request)
    case .slow?:
      try await Task.sleep(for: .milliseconds(600))
      return github.starResponse(for: request)
    case .stalled?:
      await hold.withLock { $0 }.wait()
      return .empty(status: 504)
    case .rateLimited?:
      return GitHubFakeResponses.rateLimitExceeded(
        reset: reset.withLock { $0 } ?? Date().addingTimeInterval(Self.rateLimitWindow), limit: 5000, resource: "core")
    case .serverError?:
      return request.method == "DELETE"
        ? GitHubFakeResponses.htmlBadGateway() : .text("Internal Server Error", status: 500)
    case .notFound?:
      return GitHubFakeResponses.notFound()
    case .invalid?:
      return GitHubFakeResponses.validationFailed(
        errors: [["resource": "Repository", "field": "starred", "code": "invalid"]])
    }
  }
}

/// A fake GitHub that applies a star request when it arrives and answers it late, and counts what is in flight.
final class SlowStars: Sendable {
  let github: GitHubFakeServer
  private struct State {
    var slowness: Duration = .zero
    var arrived = 0
    var answered = 0
    var midSend = 0
  }
  private let state = Mutex(State())

  private init(github: GitHubFakeServer) {
    self.github = github
  }

  /// Starts GitHub knowing `repos` numbered repos.
  static func start(repos: Int) async throws -> SlowStars {
    let stars = SlowStars(
      github: try await GitHubFakeServer.start(
        token: SearchChangeScenarios.token, repos: (1...repos).map(GitHubFakeRepo.numbered)))
    stars.github.loopback.route(nil, "/user/starred/*/*") { [stars] request in
      try await stars.answer(request)
    }
    return stars
  }

  /// Makes later answers come `slowness` late.
  func setSlowness(_ slowness: Duration) {
    state.withLock { $0.slowness = slowness }
  }

  /// How many kills found a star request in flight.
  var midSend: Int { state.withLock { $0.midSend } }

  /// Notes a kill: whether a star request was in flight.
  func notedKill() {
    state.withLock { if $0.arrived > $0.answered { $0.midSend += 1 } }
  }

  /// Waits until no connection is open and every request was answered (its client may be gone): what a killed
  /// process sent has then reached GitHub. `false` after 30 s, a guard against a hang.
  func settle() async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(30)
    while clock.now < deadline {
      let idle = state.withLock { $0.arrived == $0.answered }
      if idle && github.loopback.openConnections == 0 { return true }
      try? await Task.sleep(for: .milliseconds(2))
    }
    return false
  }

  /// Stops the server.
  func stop() async {
    await github.stop()
  }

  private func answer(_ request: LoopbackRequest) async throws -> LoopbackResponse {
    let slowness = state.withLock { state in
      state.arrived += 1
      return state.slowness
    }
    defer { state.withLock { $0.answered += 1 } }
    let response = github.starResponse(for: request)
    if slowness > .zero { try await Task.sleep(for: slowness) }
    return response
  }
}

// MARK: - Processes

/// An `app` process that gets SIGKILL after a delay unless it ended first; its standard error is kept.
struct KilledRun: Sendable {
  /// How it ended.
  struct Outcome: Sendable, CustomStringConvertible {
    /// Whether SIGKILL ended it.
    let killed: Bool
    /// Its exit status (the signal, when killed).
    let status: Int32
    /// What it printed on standard error.
    let stderr: String

    var description: String { killed ? "(killed)" : "(exit \(status))" }
  }

  private let process: Process
  private let directory: URL

  /// Starts `app` with `arguments`, as ``AppRunner`` would, standard output discarded.
  static func start(_ arguments: [String], environment: [String: String]) throws -> KilledRun {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-kill-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let errors = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    let process = Process()
    process.executableURL = AppRunner.executable
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
      .merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errors)
    try AppRunner.launch(process)
    return KilledRun(process: process, directory: directory)
  }

  /// Sends SIGKILL after `delay` if it still runs (noting on `origin` whether a star request was in flight), then
  /// waits for it to end.
  func kill(after delay: Duration, origin: SlowStars) async -> Outcome {
    try? await Task.sleep(for: delay)
    if process.isRunning {
      origin.notedKill()
      Glibc.kill(process.processIdentifier, SIGKILL)
    }
    await AppRunner.waitForExit(process)
    let errors = (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(at: directory)
    return Outcome(
      killed: process.terminationReason == .uncaughtSignal, status: process.terminationStatus, stderr: errors)
  }
}

// MARK: - Stars at rest

/// The stars the database holds, read without the app: cached values and waiting changes, by key.
struct StarRows {
  var cached: [String: Bool] = [:]
  var waiting: [String: Bool] = [:]

  static func read(_ home: AppHome) throws -> StarRows {
    var rows = StarRows()
    let namespace = SearchChangeScenarios.namespace
    for line in try home.strings(
      "SELECT key || ' ' || CAST(payload AS TEXT) FROM cache_entries WHERE namespace = '\(namespace)'")
    {
      let parts = line.split(separator: " ")
      if parts.count == 2 { rows.cached[String(parts[0])] = parts[1] == "true" }
    }
    for line in try home.strings(
      "SELECT key || ' ' || CAST(payload AS TEXT) FROM pending_changes WHERE namespace = '\(namespace)'")
    {
      let parts = line.split(separator: " ")
      if parts.count == 2 { rows.waiting[String(parts[0])] = parts[1] == "true" }
    }
    return rows
  }
}

/// One repo's star everywhere it is kept.
struct StarState: Equatable, CustomStringConvertible {
  static let none = StarState(cached: nil, waiting: nil, atGitHub: false)
  /// The cached value, if any.
  var cached: Bool?
  /// The waiting change's value, if one waits.
  var waiting: Bool?
  /// Whether GitHub has the star.
  var atGitHub: Bool

  var description: String {
    "cached \(cached.map { "\($0)" } ?? "-"), waiting \(waiting.map { "\($0)" } ?? "-"), GitHub \(atGitHub)"
  }
}

/// The stars of a home and its GitHub, and how many star requests GitHub got, at one moment.
struct StorageSnapshot {
  let integrity: String
  let stars: [String: StarState]
  let requests: Int

  init(home: AppHome, origin: GitHubFakeServer) throws {
    let rows = try StarRows.read(home)
    let starred = origin.starred
    integrity = try home.inspect().integrity
    var stars: [String: StarState] = [:]
    for key in Set(rows.cached.keys).union(rows.waiting.keys).union(starred) {
      stars[key] = StarState(cached: rows.cached[key], waiting: rows.waiting[key], atGitHub: starred.contains(key))
    }
    self.stars = stars
    requests = origin.requests.filter { $0.path.hasPrefix("/user/starred/") }.count
  }
}

/// The home every storage command starts from: `owner1/repo-1` starred (sent), `owner2/repo-2` unstarred (sent),
/// `owner3/repo-3` unstarred at GitHub with a star waiting.
struct StorageBaseline {
  static let waitingKey = "owner3/repo-3"
  let stars: [String: StarState]

  /// Makes the baseline in `home` with the app, and answers it.
  static func prepare(
    home: AppHome, origin: GitHubFakeServer, environment: [String: String]
  ) async throws -> StorageBaseline {
    try await make(environment: environment)
    let baseline = StorageBaseline(stars: try StorageSnapshot(home: home, origin: origin).stars)
    let expected: [String: StarState] = [
      "owner1/repo-1": StarState(cached: true, waiting: nil, atGitHub: true),
      "owner2/repo-2": StarState(cached: false, waiting: nil, atGitHub: false),
      waitingKey: StarState(cached: true, waiting: true, atGitHub: false),
    ]
    guard baseline.stars == expected else {
      throw ScenarioSetupError(description: "the storage baseline is \(baseline.stars)")
    }
    return baseline
  }

  /// Brings `home` back to the baseline with healthy commands, when a run changed it.
  func restore(home: AppHome, origin: GitHubFakeServer, environment: [String: String]) async throws {
    guard try StorageSnapshot(home: home, origin: origin).stars != stars else { return }
    let list = try await AppRunner.run(["sync", "--list", "--json"], environment: environment)
    for key in SearchChangeScenarios.waitingKeys(list.stdout) ?? [] {
      _ = try await AppRunner.run(["sync", "--discard", key], environment: environment)
    }
    try await Self.make(environment: environment)
    let now = try StorageSnapshot(home: home, origin: origin).stars
    guard now == stars else {
      throw ScenarioSetupError(description: "the storage baseline could not be restored: \(now)")
    }
  }

  /// The commands that make the baseline from any state where nothing waits.
  private static func make(environment: [String: String]) async throws {
    let steps: [[String]] = [
      ["search", "unstar", "owner1/repo-1"], ["search", "star", "owner1/repo-1"],
      ["search", "star", "owner2/repo-2"], ["search", "unstar", "owner2/repo-2"],
      ["search", "star", "owner3/repo-3"], ["search", "unstar", "owner3/repo-3"],
      ["search", "star", "owner3/repo-3", "--offline"],
    ]
    for arguments in steps {
      let run = try await AppRunner.run(arguments, environment: environment)
      guard run.status == 0 else {
        throw ScenarioSetupError(
          description: "`\(arguments.joined(separator: " "))` exited \(run.status): \(run.stderr.prefix(300))")
      }
    }
  }
}

// MARK: - Storage faults

/// A tmpfs mounted on a directory, for a disk that is really full (ENOSPC); root alone may mount one.
///
/// Its source names the process that mounted it (`stress-changes-<pid>`): a run killed before it could unmount
/// leaves it behind, and the next run unmounts it once that process is gone.
enum Tmpfs {
  private static let prefix = "stress-changes-"

  /// Mounts a tmpfs of `kibibytes` on `directory`; `false` when this user may not.
  static func mount(at directory: URL, kibibytes: Int) -> Bool {
    guard getuid() == 0 else { return false }
    unmountStale()
    return shell("mount -t tmpfs -o size=\(kibibytes)k,mode=0700 \(prefix)\(getpid()) '\(directory.path)'")
  }

  /// Unmounts and removes the tmpfs mounted by a process that no longer runs.
  static func unmountStale() {
    let mounts = (try? String(contentsOfFile: "/proc/mounts", encoding: .utf8)) ?? ""
    for line in mounts.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count > 2, fields[2] == "tmpfs", fields[0].hasPrefix(prefix),
        let pid = Int32(fields[0].dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      // Temporary directories have no space, which /proc/mounts would write as \040.
      let path = String(fields[1])
      if shell("umount '\(path)'") { try? FileManager.default.removeItem(atPath: path) }
    }
  }

  /// Unmounts it.
  static func unmount(_ directory: URL) {
    _ = shell("umount '\(directory.path)'")
  }

  /// Fills the tmpfs with `file` but for `pages` pages of 4 KiB.
  static func fill(_ file: URL, leavingPages pages: Int) throws {
    let path = file.path
    let script =
      "rm -f '\(path)'; dd if=/dev/zero of='\(path)' bs=4096 2>/dev/null; "
      + "truncate -s -\(pages * 4096) '\(path)'"
    guard shell(script) else { throw ScenarioSetupError(description: "could not fill the tmpfs: \(script)") }
  }

  private static func shell(_ command: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? AppRunner.launch(process)) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}

/// `chmod 0500` on a home and 0400 on its files, and back.
enum ReadOnly {
  static func set(_ home: URL, readOnly: Bool) throws {
    let files = try FileManager.default.contentsOfDirectory(at: home, includingPropertiesForKeys: nil)
    if !readOnly { try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: home.path) }
    for file in files {
      let isDirectory = (try? file.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
      let mode: Int = isDirectory ? (readOnly ? 0o500 : 0o700) : (readOnly ? 0o400 : 0o600)
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
    }
    if readOnly { try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: home.path) }
  }
}
