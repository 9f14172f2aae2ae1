import Clocks
import DI
import FeatureKit
import FeatureKitTesting
import Foundation
import Infrastructure
import Repository
import ScreenTesting
import SearchTesting
import SnapshotTesting
import Synchronization
import TestScheduling
import TestSupport
import Testing

@testable import SearchFeature

/// Search as you type in `app ui`, in process: the real assemblies and libcurl client against a loopback GitHub,
/// the debounce on a test clock moved by the test, and frames compared to golden files.
@Suite(.untimed) struct SearchScreenTests {
  /// A session over the Search screens, the debounce on a test clock.
  struct Run {
    let recorder: ScreenRecorder
    let clock = TestClock<Duration>()
    let context: ScreenContext

    init(
      _ harness: SearchHarness, size: ScreenSize, arguments: [String] = [], token: Bool = true,
      policy: CachePolicy = .standard
    ) throws {
      let terminal = Terminal(
        output: CapturedText().sink, errors: CapturedText().sink, isInteractive: true, columns: size.columns,
        rows: size.rows)
      let environment = harness.environment(token: token)
      context = ScreenContext(
        command: CommandContext(
          container: try harness.container(environment: environment, terminal: terminal), terminal: terminal,
          environment: environment),
        policy: policy, style: ScreenStyle(color: false, unicode: true), clock: clock)
      let home = try #require(SearchPlugin.screens(in: context))
      recorder = ScreenRecorder(
        features: [FeatureScreens(name: "search", home: home)], arguments: arguments, size: size, style: context.style)
    }

    @discardableResult
    func frame(where matches: (Frame) -> Bool) async -> Frame? {
      await recorder.frame(where: matches)
    }

    /// Types `text`, one key a character, and waits until the field shows `field`; returns that frame.
    @discardableResult
    func type(_ text: String, showing field: String) async -> Frame? {
      for character in text { recorder.press(.character(character)) }
      return await frame { $0.text.count > 1 && $0.text[1] == " Search: \(field)▏" }
    }

    /// Moves the test clock past the typing pause.
    func pause() async {
      // Past the pause, not onto it: a wait that starts after the move then ends at once.
      await clock.advance(by: SearchScreen.debounce + .milliseconds(50))
    }

    func press(_ keys: Key...) {
      for key in keys { recorder.press(key) }
    }

    /// Ctrl-C, which ends the session from any screen; answers the exit status.
    func quit(with key: Key = .interrupt) async -> Int32 {
      await recorder.quit(with: key)
    }
  }

  @Test(arguments: [ScreenSize(columns: 80, rows: 24), ScreenSize(columns: 60, rows: 20)])
  func typingAWordSendsOneSearchAndShowsItsResults(size: ScreenSize) async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let run = try Run(harness, size: size)
    let name = "\(size.columns)x\(size.rows)"

    await run.frame { $0.text.last == "Type at least 2 characters to search GitHub." }
    await run.type("swift", showing: "swift")
    #expect(harness.github.searchRequests.isEmpty, "nothing is sent while the typing goes on")
    await run.pause()
    let results = await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    #expect(harness.github.searchRequests.map { $0.query("q") } == ["swift"], "one search for the word")
    assertSnapshot(of: ScreenRecorder.text(results), as: .lines, named: "results-\(name)")

    // ↓ leaves the field for the results; Enter opens the selected repo.
    run.press(.down, .down, .enter)
    let repo = await run.frame {
      $0.text.first?.hasSuffix("owner2/repo-2") == true
        && $0.text.last == "*: star · Esc: back · ?: keys"
    }
    assertSnapshot(of: ScreenRecorder.text(repo), as: .lines, named: "repo-\(name)")
    run.press(.escape)
    let back = await run.frame { $0.text.first?.hasSuffix("GitHub") == true }
    #expect(back?.text.contains { $0.hasPrefix("›") && $0.contains("owner2/repo-2") } == true, "the selection is kept")
    #expect(await run.quit() == 130)
  }

  @Test func aShortQueryIsNotSearchedAndBackspaceDeletesOneGrapheme() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let run = try Run(harness, size: ScreenSize(columns: 80, rows: 24))
    // "e" and a combining acute accent make one grapheme.
    await run.type("se\u{301}", showing: "sé")
    run.press(.backspace)
    await run.frame { $0.text[1] == " Search: s▏" }
    await run.pause()
    run.press(.paste("a"))
    await run.frame { $0.text[1] == " Search: sa▏" }
    run.press(.backspace)
    await run.frame {
      $0.text[1] == " Search: s▏" && $0.text.last == "Type at least 2 characters to search GitHub. · Ctrl-U: clear"
    }
    await run.pause()
    // A pasted text is one edit: one search.
    run.press(.paste("wift lang"))
    await run.frame { $0.text[1] == " Search: swift lang▏" }
    await run.pause()
    await run.frame { $0.text.last?.hasPrefix("Showing") == true }
    #expect(harness.github.searchRequests.map { $0.query("q") } == ["swift lang"])
    #expect(await run.quit() == 130)
  }

  @Test func anOlderQuerysAnswerNeverReplacesANewerOnes() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let hold = RequestHold()
    let github = harness.github
    github.loopback.route("GET", "/search/repositories") { request in
      guard request.query("q") == "ab" else { return github.searchResponse(for: request) }
      await hold.wait()
      return .json(#"{"total_count": 0, "incomplete_results": false, "items": []}"#)
    }
    let run = try Run(harness, size: ScreenSize(columns: 80, rows: 24))
    await run.type("ab", showing: "ab")
    await run.pause()
    #expect(await hold.arrivals(atLeast: 1), "the search for ab reached GitHub")
    await run.type("c", showing: "abc")
    await run.pause()
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    await hold.release()
    // A key that redraws: the answer for ab, whenever it came, is not what is shown.
    run.press(.down)
    let after = await run.frame { $0.text.contains { $0.hasPrefix("›") } }
    #expect(after?.text.last?.hasPrefix("Showing 5 of 5") == true)
    #expect(after?.text.contains { $0.contains("owner1/repo-1") } == true)
    #expect(github.searchRequests.map { $0.query("q") } == ["ab", "abc"])
    #expect(await run.quit() == 130)
  }

  @Test func aFailureWhileTypingIsTheStatusAndIsNotRetried() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let reset = Date(timeIntervalSince1970: 1_700_003_600)
    harness.github.loopback.route("GET", "/search/repositories") { request in
      request.query("q") == "down"
        ? GitHubFakeResponses.error(503, message: "Service Unavailable")
        : GitHubFakeResponses.rateLimitExceeded(reset: reset)
    }
    let run = try Run(harness, size: ScreenSize(columns: 80, rows: 24))
    await run.type("down", showing: "down")
    await run.pause()
    let failed = await run.frame { $0.status.first?.hasPrefix("GitHub") == true }
    #expect(failed?.status.first?.contains("503") == true, "\(failed?.status ?? [])")
    #expect(failed?.status.count == 2, "the failure and its hint: \(failed?.status ?? [])")
    run.press(.backspace, .backspace, .backspace, .backspace)
    await run.type("limited", showing: "limited")
    await run.pause()
    let limited = await run.frame { $0.status.first?.hasPrefix("GitHub rate limit exceeded until") == true }
    #expect(limited?.status.last?.hasPrefix("Wait ") == true, "the hint shows too: \(limited?.status ?? [])")
    // Another frame (a key): nothing was asked again meanwhile.
    run.press(.down)
    await run.frame { $0.text[1] == " Search: limited" }
    #expect(harness.github.searchRequests.map { $0.query("q") } == ["down", "limited"])
    // Until the reset, Enter says when searching comes back, and sends nothing.
    run.press(.character("/"), .backspace, .enter)
    let refused = await run.frame { $0.text[1] == " Search: limite" }
    #expect(
      refused?.text.last
        == "GitHub allows no more searches until \(Self.localTime(reset)): nothing was sent")
    #expect(harness.github.searchRequests.map { $0.query("q") } == ["down", "limited"])
    #expect(await run.quit() == 130)
  }

  @Test func withTwoSearchesLeftTypingStopsSearchingAndEnterStillSearches() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let github = harness.github
    let reset = Date(timeIntervalSince1970: 1_800_000_000)
    github.loopback.route("GET", "/search/repositories") { request in
      var response = github.searchResponse(for: request)
      response.headers["x-ratelimit-remaining"] = "2"
      response.headers["x-ratelimit-reset"] = String(Int(reset.timeIntervalSince1970))
      return response
    }
    let run = try Run(harness, size: ScreenSize(columns: 100, rows: 24))
    await run.type("swift", showing: "swift")
    await run.pause()
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    // GitHub said 2 are left: the next word is not searched as it is typed.
    // The frame that shows the key typed says why no search follows.
    let stopped = await run.type("x", showing: "swiftx")
    #expect(
      stopped?.text.last
        == "GitHub allows 2 more searches until \(Self.localTime(reset)): press Enter to search")
    await run.pause()
    run.press(.down)
    await run.frame { $0.text[1] == " Search: swiftx" }
    #expect(github.searchRequests.map { $0.query("q") } == ["swift"], "no search while typing")
    run.press(.character("/"), .enter)
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true && $0.text[1] == " Search: swiftx" }
    #expect(github.searchRequests.map { $0.query("q") } == ["swift", "swiftx"], "Enter searched")
    #expect(await run.quit() == 130)
  }

  @Test(arguments: [true, false])
  func starStarsTheSelectedRepoAndAgainUnstarsIt(token: Bool) async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let run = try Run(harness, size: ScreenSize(columns: 80, rows: 24), arguments: ["swift"], token: token)
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    run.press(.down, .character("*"))
    let first = await run.frame { $0.text.last?.hasPrefix("Sta") == true }
    guard token else {
      #expect(first?.text.last == "Starring needs a GitHub token: set GH_TOKEN or GITHUB_TOKEN and start again")
      #expect(harness.github.requests.allSatisfy { !$0.path.hasPrefix("/user/starred") }, "nothing was sent")
      #expect(await run.quit() == 130)
      return
    }
    #expect(first?.text.last == "Starred owner1/repo-1")
    #expect(harness.github.starred == ["owner1/repo-1"])
    // From the repo's own view, `*` undoes it, as its hint says.
    run.press(.enter)
    await run.frame {
      $0.text.first?.hasSuffix("owner1/repo-1") == true && $0.text.last?.hasPrefix("*: unstar") == true
    }
    run.press(.character("*"))
    let second = await run.frame { $0.text.last == "Unstarred owner1/repo-1" }
    #expect(second != nil)
    #expect(harness.github.starred.isEmpty)
    #expect(await run.quit() == 130)
  }

  /// A star is written at once and sent apart: with GitHub's answer held, the row is marked on the next frame, keys
  /// go on, and a second `*` while the star is in flight is a newer intent (the mark goes at once), which the same
  /// send delivers after the star. Nothing asks GitHub whether the repo was starred.
  @Test func aStarMarksItsRowAtOnceAndASecondStarInFlightIsANewerIntent() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let hold = RequestHold()
    let github = harness.github
    github.loopback.route(nil, "/user/starred/**") { request in
      if request.method == "GET" { return LoopbackResponse(status: 404) }
      await hold.wait()
      return LoopbackResponse(status: 204)
    }
    let run = try Run(harness, size: ScreenSize(columns: 80, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    run.press(.down, .character("*"))
    let marked = await run.frame { frame in
      frame.text.last == "Sending the star of owner1/repo-1 to GitHub…"
        && frame.text.contains { $0.contains("☆owner1/repo-1") }
    }
    #expect(marked != nil, "marked while GitHub has not answered")
    #expect(await hold.arrivals(atLeast: 1), "the star is in flight")

    run.press(.character("*"))
    let unmarked = await run.frame { frame in
      frame.text.last == "Changing the star of owner1/repo-1 again: sent after the one in flight…"
        && !frame.text.contains { $0.contains("☆") || $0.contains("★") }
    }
    #expect(unmarked != nil, "the newer intent shows at once")
    // The keys go on while GitHub is silent.
    run.press(.down)
    await run.frame { $0.text.contains { $0.hasPrefix("›") && $0.contains("owner2/repo-2") } }
    await hold.release()
    let unstarred = await run.frame { $0.text.last == "Unstarred owner1/repo-1" }
    #expect(unstarred != nil)
    #expect(github.requests.filter { $0.path.hasPrefix("/user/starred") }.map(\.method) == ["PUT", "DELETE"])
    #expect(github.starred.isEmpty)
    #expect(await run.quit(with: .character("q")) == 0)
  }

  /// `*`'s hint says what it does to the selected row now: `unstar` on a starred repo, `star` on another; so does
  /// the repo screen's.
  @Test func theStarHintFollowsTheSelectedRow() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let run = try Run(harness, size: ScreenSize(columns: 100, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    run.press(.down, .character("*"))
    await run.frame { $0.text.last == "Starred owner1/repo-1" }
    run.press(.down)
    let other = await run.frame { $0.text.contains { $0.hasPrefix("›") && $0.contains("owner2/repo-2") } }
    #expect(other?.text.last?.contains("*: star ·") == true, "\(other?.text.last ?? "")")
    run.press(.up)
    let starred = await run.frame { $0.text.contains { $0.hasPrefix("›") && $0.contains("owner1/repo-1") } }
    #expect(starred?.text.last?.contains("*: unstar ·") == true, "\(starred?.text.last ?? "")")
    run.press(.enter)
    let screen = await run.frame { $0.text.last?.hasPrefix("*: unstar · ") == true }
    #expect(screen != nil, "the repo screen's hint too")
    #expect(await run.quit() == 130)
  }

  /// A star made by another process (`app search star`, with its own connection to the file) marks the row of an
  /// open session with no key pressed, once the session sees the commit; GitHub is not asked.
  @Test func aStarMadeByAnotherProcessMarksTheOpenResults() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let run = try Run(harness, size: ScreenSize(columns: 80, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    let following = await run.context.followCommitsElsewhere()
    defer { following.cancel() }

    let star = try await harness.run(["search", "star", "owner3/repo-3", "--offline"])
    #expect(star.status == 0, "\(star.stderr)")

    let marked = await run.frame { $0.text.contains { $0.contains("☆owner3/repo-3") } }
    #expect(marked?.text.filter { $0.contains("☆") || $0.contains("★") }.count == 1, "kept for app sync: waiting")
    #expect(harness.github.requests.filter { $0.path.hasPrefix("/user/starred") }.isEmpty, "the marks ask nothing")
    #expect(await run.quit() == 130)
  }

  /// The results mark the repos the store of stars says are starred, a star waiting for GitHub with a mark of its
  /// own (☆, where GitHub's is ★), without asking GitHub; a star made on the results marks its row at once.
  @Test func theResultsMarkTheStarredRepos() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let kept = try await harness.run(["search", "star", "owner2/repo-2", "--offline"])
    #expect(kept.status == 0, "\(kept.stderr)")
    let run = try Run(harness, size: ScreenSize(columns: 80, rows: 24), arguments: ["swift"])
    let marked = await run.frame { frame in
      frame.text.last?.hasPrefix("Showing 5 of 5") == true && frame.text.contains { $0.contains("☆owner2/repo-2") }
    }
    #expect(marked?.text.filter { $0.contains("☆") || $0.contains("★") }.count == 1, "\(marked?.text ?? [])")
    #expect(harness.github.requests.filter { $0.path.hasPrefix("/user/starred") }.isEmpty, "the marks ask nothing")

    run.press(.down, .character("*"))
    let starred = await run.frame { frame in
      frame.text.last == "Starred owner1/repo-1" && frame.text.contains { $0.contains("★owner1/repo-1") }
    }
    #expect(starred?.text.contains { $0.contains("☆owner2/repo-2") } == true)
    #expect(await run.quit() == 130)
  }

  /// GitHub refuses the star for good once it is written and marked: the mark goes, and the status line says it was
  /// refused and undone, in the words the background sender's refusals use.
  @Test func aStarGitHubRefusesIsUndoneAndSaysSo() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    harness.github.loopback.route("PUT", "/user/starred/*/*", response: LoopbackResponse(status: 404))
    let run = try Run(harness, size: ScreenSize(columns: 120, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }

    run.press(.down, .character("*"))

    let refused = await run.frame { frame in
      frame.text.last?.hasPrefix("Refused star owner1/repo-1: ") == true && !frame.text.contains { $0.contains("★") }
    }
    #expect(refused?.text.last?.hasSuffix(" (undone)") == true, "\(refused?.text ?? [])")
    #expect(harness.github.starred.isEmpty)
    #expect(await run.quit() == 130)
  }

  /// GitHub cannot take the star now: the status line says it waits, and why, in the words the command uses.
  @Test func aStarThatWaitsSaysWhyOnTheStatusLine() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    harness.github.loopback.route("PUT", "/user/starred/*/*", response: LoopbackResponse(status: 503))
    let run = try Run(harness, size: ScreenSize(columns: 120, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }

    run.press(.down, .character("*"))

    let waiting = await run.frame { $0.text.last?.hasPrefix("Starred") == true }
    #expect(
      waiting?.text.last
        == "Starred owner1/repo-1 (waiting for GitHub: GitHub answered HTTP 503; app sync sends it)")
    #expect(await run.quit() == 130)
  }

  /// Only the star's PUT and DELETE are held: the repo view's own GET of the star answers at once, so the view
  /// settles without waiting for anything.
  @Test func qEndsTheSessionWhileGitHubHoldsAStar() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let hold = RequestHold()
    for method in ["PUT", "DELETE"] {
      harness.github.loopback.route(method, "/user/starred/**") { _ in
        await hold.wait()
        return LoopbackResponse(status: 204)
      }
    }
    let run = try Run(harness, size: ScreenSize(columns: 80, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    run.press(.down, .enter)
    await run.frame { $0.text.first?.hasSuffix("owner1/repo-1") == true && $0.text.last?.hasPrefix("*: star") == true }
    run.press(.character("*"))
    #expect(await hold.arrivals(atLeast: 1))
    run.press(.character("q"))
    await run.frame { $0.text.first?.hasSuffix("GitHub") == true }
    #expect(await run.quit(with: .character("q")) == 0, "ended with the star still held")
    await hold.release()
  }

  /// `/` focuses the query field: in an empty field it is not typed; after other characters it is one.
  @Test func slashFocusesTheQueryAndIsTypedOnlyAfterOtherCharacters() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let run = try Run(harness, size: ScreenSize(columns: 80, rows: 24))
    await run.frame { $0.text.last == "Type at least 2 characters to search GitHub." }
    run.press(.character("/"))
    await run.type("hello", showing: "hello")
    await run.pause()
    await run.frame { $0.text.last?.hasPrefix("Showing") == true }
    run.press(.escape, .character("/"))
    for _ in 1...5 { run.press(.backspace) }
    await run.type("repo:a/b", showing: "repo:a/b")
    await run.pause()
    await run.frame { $0.text.last?.hasPrefix("Showing") == true }
    #expect(harness.github.searchRequests.map { $0.query("q") } == ["hello", "repo:a/b"])
    #expect(await run.quit() == 130)
  }

  /// Emptying the query clears the results it showed.
  @Test func emptyingTheQueryClearsItsResults() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let run = try Run(harness, size: ScreenSize(columns: 80, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    for _ in 1..."swift".count { run.press(.backspace) }
    let empty = await run.frame { $0.text[1] == " Search: ▏" }
    #expect(empty?.text.last == "Type at least 2 characters to search GitHub.")
    #expect(empty?.text.contains { $0.contains("owner1/repo-1") } == false, "\(empty?.text ?? [])")
    #expect(await run.quit() == 130)
  }

  /// Under `--offline`, `r` reads the cache again: nothing reaches GitHub.
  @Test func underOfflineRReadsTheCacheAgain() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let online = try Run(harness, size: ScreenSize(columns: 80, rows: 24), arguments: ["swift"])
    await online.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    #expect(await online.quit() == 130)
    harness.github.loopback.clearRequests()

    let offline = try Run(harness, size: ScreenSize(columns: 80, rows: 24), arguments: ["swift"], policy: .offline)
    await offline.frame { $0.text.last == "Showing 5 of 5 repositories · Enter: search · ↓: results · Ctrl-U: clear" }
    // An hour later, r reads the cache again, which says how old it is now.
    harness.clock.advance(by: 3600)
    offline.press(.down, .character("r"))
    await offline.frame { $0.text.last?.hasPrefix("Showing 5 of 5 repositories, cached") == true }
    // Under --offline a star is kept for app sync, and nothing is sent.
    offline.press(.character("*"))
    await offline.frame { $0.text.last == "Starred owner1/repo-1 (waiting for GitHub; app sync sends it)" }
    #expect(await offline.quit() == 130)
    #expect(harness.github.requests.isEmpty, "\(harness.github.requests.map(\.path))")
    let waiting = try await harness.run(["sync", "--list"])
    #expect(waiting.stdout == "1 change waits:\n  star owner1/repo-1  (key owner1/repo-1)\n", "\(waiting.stderr)")
  }

  /// `date` as the screen shows a local time.
  private static func localTime(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .current
    formatter.dateFormat = "HH:mm:ss"
    return formatter.string(from: date)
  }

  @Test(arguments: [ScreenSize(columns: 60, rows: 20), ScreenSize(columns: 40, rows: 12)])
  func narrowResultsKeepTheirColumnsAndTheMarkerStandsApart(size: ScreenSize) async throws {
    let harness = try await SearchHarness.start(repos: [
      GitHubFakeRepo(
        owner: "octokit-fixture-org", name: "hello-world", description: "My first repository on GitHub!",
        language: "Swift", stars: 1_500),
      GitHubFakeRepo.numbered(1),
    ])
    defer { Task { await harness.github.stop() } }
    let run = try Run(harness, size: size, arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 2 of 2") == true }
    // ↓ selects the first row: the marker, a space, then the name.
    run.press(.down)
    let results = try #require(await run.frame { $0.text.contains { $0.hasPrefix("› ") } })
    #expect(results.text.allSatisfy { !$0.contains("……") }, "a name is cut once")
    #expect(results.text.allSatisfy { DisplayWidth.of($0) <= size.columns })
    assertSnapshot(of: ScreenRecorder.text(results), as: .lines, named: "\(size.columns)x\(size.rows)")
    #expect(await run.quit() == 130)
  }
  /// An older send's outcome never replaces what a newer press says: with the star's PUT held, a second `*` (an
  /// unstar) is pressed; GitHub then fails the star with a 503, and the status line never says the repo is starred
  /// while its row has no mark. The newer intent is sent, and the line says what the row shows.
  @Test func anOlderSendSettlingAfterANewerPressLeavesTheStatusLineWithTheRow() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let hold = RequestHold()
    let github = harness.github
    github.loopback.route("PUT", "/user/starred/*/*", heldBy: hold) { _ in LoopbackResponse(status: 503) }
    let run = try Run(harness, size: ScreenSize(columns: 120, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    run.press(.down, .character("*"))
    await run.frame { $0.text.last == "Sending the star of owner1/repo-1 to GitHub…" }
    #expect(await hold.arrivals(atLeast: 1), "the star is in flight")
    run.press(.character("*"))
    await run.frame { frame in
      frame.text.last == "Changing the star of owner1/repo-1 again: sent after the one in flight…"
        && !frame.text.contains { $0.contains("☆") || $0.contains("★") }
    }

    await hold.release()
    var said: [String] = []
    let settled = await run.frame { frame in
      if let status = frame.text.last, said.last != status { said.append(status) }
      return frame.text.last?.hasPrefix("Unstarred owner1/repo-1") == true
    }
    #expect(said.allSatisfy { !$0.hasPrefix("Starred") }, "\(said)")
    #expect(settled?.text.last == "Unstarred owner1/repo-1", "\(said)")
    #expect(settled?.text.contains { $0.contains("☆") || $0.contains("★") } == false)
    #expect(github.requests.filter { $0.path.hasPrefix("/user/starred") }.map(\.method) == ["PUT", "DELETE"])
    #expect(github.starred.isEmpty)
    #expect(await run.quit() == 130)
  }

  /// A star GitHub has not taken is marked ☆ and its status line says it waits; once another process's `app sync`
  /// sends it, the open screen marks it ★ and its status line says it is starred, no key pressed.
  @Test func aWaitingStarHasItsOwnMarkAndTheStatusFollowsWhenAnotherProcessSendsIt() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let github = harness.github
    let down = Mutex(true)
    github.loopback.route("PUT", "/user/starred/*/*") { request in
      down.withLock { $0 } ? LoopbackResponse(status: 503) : github.starResponse(for: request)
    }
    let run = try Run(harness, size: ScreenSize(columns: 120, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    let following = await run.context.followCommitsElsewhere()
    defer { following.cancel() }
    run.press(.down, .character("*"))
    let waiting = await run.frame { frame in
      frame.text.last == "Starred owner1/repo-1 (waiting for GitHub: GitHub answered HTTP 503; app sync sends it)"
        && frame.text.contains { $0.contains("☆owner1/repo-1") }
    }
    #expect(waiting?.text.contains { $0.contains("★") } == false, "\(waiting?.text ?? [])")

    down.withLock { $0 = false }
    let sync = try await harness.run(["sync"])
    #expect(sync.status == 0, "\(sync.stderr)")
    let sent = await run.frame { frame in
      frame.text.last == "Starred owner1/repo-1" && frame.text.contains { $0.contains("★owner1/repo-1") }
    }
    #expect(sent?.text.contains { $0.contains("☆") } == false, "\(sent?.text ?? [])")
    #expect(github.starred == ["owner1/repo-1"])
    #expect(await run.quit() == 130)
  }

  /// ↓ past the last result asks GitHub for a page more (one request for the 60), keeps the rows shown meanwhile
  /// and selects the first new one; the footer's `↓: more` says so on the last row, and ↓ on the last of all asks
  /// nothing.
  @Test func movingPastTheLastResultLoadsThePageAfter() async throws {
    let harness = try await SearchHarness.start(repos: (1...45).map(GitHubFakeRepo.numbered))
    defer { Task { await harness.github.stop() } }
    let github = harness.github
    let run = try Run(harness, size: ScreenSize(columns: 120, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 30 of 45") == true }
    run.press(.down, .end)
    let last = await run.frame { $0.text.contains { $0.hasPrefix("›") && $0.contains("owner2/repo-30") } }
    #expect(
      last?.text.last
        == "Showing 30 of 45 repositories · ↓: more · Enter: open · *: star · /: search · r: refresh · ?: keys")

    run.press(.down)
    let more = await run.frame { frame in
      frame.text.last?.hasPrefix("Showing 45 of 45 repositories") == true
        && frame.text.contains { $0.hasPrefix("›") && $0.contains("owner3/repo-31") }
    }
    #expect(more != nil)
    #expect(github.searchRequests.map { $0.query("per_page") } == ["30", "60"], "one request for the 60")
    #expect(github.searchRequests.map { $0.query("page") } == ["1", "1"])

    run.press(.end)
    let end = await run.frame { $0.text.contains { $0.hasPrefix("›") && $0.contains("owner3/repo-45") } }
    #expect(end?.text.last?.contains("↓: more") == false, "\(end?.text.last ?? "")")
    run.press(.down, .up)
    await run.frame { $0.text.contains { $0.hasPrefix("›") && $0.contains("owner2/repo-44") } }
    #expect(github.searchRequests.count == 2, "nothing is past the last of all")
    #expect(await run.quit() == 130)
  }

  /// A page more that GitHub fails keeps the rows shown and the selection where it was, and the status line says
  /// why; ↓ asks again after it.
  @Test func aPageMoreThatGitHubFailsKeepsTheRowsAndSaysWhy() async throws {
    let harness = try await SearchHarness.start(repos: (1...45).map(GitHubFakeRepo.numbered))
    defer { Task { await harness.github.stop() } }
    let github = harness.github
    let run = try Run(harness, size: ScreenSize(columns: 120, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 30 of 45") == true }
    github.loopback.route("GET", "/search/repositories", response: LoopbackResponse(status: 503))
    run.press(.down, .end, .down)
    let failed = await run.frame { $0.text.contains { $0.contains("503") } }
    #expect(
      failed?.text.contains { $0.hasPrefix("›") && $0.contains("owner2/repo-30") } == true, "\(failed?.text ?? [])")
    #expect(failed?.text.contains { $0.contains("repo-31") } == false, "the 30 rows stay")
    #expect(github.searchRequests.count == 2)
    run.press(.down)
    await run.frame { _ in github.searchRequests.count == 3 }
    #expect(await run.quit() == 130)
  }
}
