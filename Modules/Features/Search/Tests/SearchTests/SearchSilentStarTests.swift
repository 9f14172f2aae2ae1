import CoursesInterface
import CoursesInterfaceTesting
import DI
import FeatureKit
import FeatureKitTesting
import Foundation
import Presenter
import SearchPresenter
import SearchTesting
import TestScheduling
import TestSupport
import Testing

@testable import SearchFeature

/// A repo's view while GitHub does not answer whether the user starred it: the details show as soon as they are
/// known, and the `Starred:` line once the store of stars answers, in `app ui` and on a terminal.
@Suite(.untimed) struct SearchSilentStarTests {
  /// A GitHub whose answer to `GET /user/starred/…` is held until the test releases it.
  static func silentStar(_ harness: SearchHarness) -> RequestHold {
    let hold = RequestHold()
    harness.github.loopback.route("GET", "/user/starred/**") { _ in
      await hold.wait()
      return LoopbackResponse(status: 404)
    }
    return hold
  }

  @Test func theRepoScreenShowsItsDetailsWhileTheStarIsHeld() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.github.stop() } }
    let hold = Self.silentStar(harness)
    let run = try SearchScreenTests.Run(harness, size: ScreenSize(columns: 80, rows: 24), arguments: ["swift"])
    await run.frame { $0.text.last?.hasPrefix("Showing 5 of 5") == true }
    run.press(.down, .enter)
    let details = await run.frame { $0.text.contains { $0.hasPrefix(" Stars:") } }
    #expect(details?.text[1] == "›owner1/repo-1" || details?.text[1] == " owner1/repo-1", "\(details?.text ?? [])")
    #expect(details?.text.contains { $0.contains("Starred:") } == false, "\(details?.text ?? [])")
    #expect(await hold.arrivals(atLeast: 1), "GitHub was asked, and holds its answer")
    let status = try #require(details?.text.last)
    #expect(status.hasPrefix("Asking GitHub whether you starred it…"), "\(status)")
    await hold.release()
    let starred = await run.frame { $0.text.contains(" Starred:      no") }
    #expect(starred?.text.last == "*: star · Esc: back · ?: keys")
    #expect(await run.quit() == 130)
  }

  @Test func onATerminalTheDetailsComeFirstAndTheStarredLineWhenGitHubAnswers() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    let hold = Self.silentStar(harness)
    let (output, errors) = (CapturedText(), CapturedText())
    let terminal = Terminal(
      output: output.sink, errors: errors.sink, isInteractive: true, errorsAreInteractive: true, columns: 80)
    let makeViewModel = try harness.container(environment: harness.environment(), terminal: terminal)
      .overriding { $0.register((any CourseFinder).self, scope: .singleton) { _ in CourseFinderDouble.returning([]) } }
      .resolve(DI.Factory<any StateView<RepoDetailViewState>, RepoDetailViewModel>.self)
    let view = RepoDetailTerminalView(terminal: terminal, asJSON: false)

    let shown = Task { await makeViewModel.make(view).read(fullName: "owner1/repo-1") }
    #expect(await hold.arrivals(atLeast: 1), "GitHub was asked whether the repo is starred")
    // The star is held: what is on screen now was printed without it.
    await errors.written("Asking GitHub whether you starred it…")
    #expect(output.value.hasPrefix("owner1/repo-1\n"), "\(output.value)")
    #expect(output.value.contains("Updated:"))
    #expect(!output.value.contains("Starred:"))
    let details = output.value

    await hold.release()
    let state = await shown.value
    #expect(state.overview?.viewerStar?.starred == false)
    #expect(output.value == details + "Starred:      no\n", "the details once, then the star's line")
  }

  /// GitHub answers the repo and never its star: the view waits for the star at most `APP_RELATED_TIMEOUT`, then
  /// says it is unknown and why, in text and in JSON (where `null` alone would read as "no token").
  @Test func aStarGitHubNeverAnswersIsUnknownOnceTheRelatedTimeoutHasPassed() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    let hold = Self.silentStar(harness)
    let timeout = ["APP_RELATED_TIMEOUT": "1"]

    let text = try await harness.run(["search", "view", "owner1/repo-1"], environment: timeout)
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("\nStarred:      unknown (GitHub did not answer)\n"), "\(text.stdout)")
    #expect(text.stderr.isEmpty, "\(text.stderr)")
    #expect(await hold.arrivals(atLeast: 1), "GitHub was asked, and never answered")

    let json = try await harness.run(["search", "view", "owner1/repo-1", "--json"], environment: timeout)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(json.status == 0)
    #expect(object["viewerHasStarred"] is NSNull)
    #expect(object["viewerStarUnknown"] as? String == "GitHub did not answer")

    let withoutToken = try await harness.run(["search", "view", "owner1/repo-1", "--json"], token: false)
    let noToken = try #require(
      try JSONSerialization.jsonObject(with: Data(withoutToken.stdout.utf8)) as? [String: Any])
    #expect(noToken["viewerHasStarred"] is NSNull)
    #expect(noToken["viewerStarUnknown"] is NSNull, "without a token nothing is unknown: there is no star to know")
    await hold.release()
  }
}
