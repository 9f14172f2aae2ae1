import CoursesInterface
import CoursesInterfaceTesting
import DI
import FeatureKit
import FeatureKitTesting
import Foundation
import Presenter
import SearchPresenter
import SearchTesting
import SearchUseCase
import Synchronization
import TestSupport
import Testing
import UseCase

/// Records the states a search view model renders.
final class RecordingSearchView: StateView {
  private let states = Mutex<[SearchViewState]>([])
  func render(_ state: SearchViewState) async { states.withLock { $0.append(state) } }
  var rendered: [SearchViewState] { states.withLock { $0 } }
}

/// Records the states a repo view model renders.
final class RecordingRepoDetailView: StateView {
  private let states = Mutex<[RepoDetailViewState]>([])
  func render(_ state: RepoDetailViewState) async { states.withLock { $0.append(state) } }
  var rendered: [RepoDetailViewState] { states.withLock { $0 } }
}

/// Records the states a star view model renders.
final class RecordingStarView: StateView {
  private let states = Mutex<[StarViewState]>([])
  /// What a render of `.sending` waits for before it returns (and the change is sent), when set.
  let holdsSending = Mutex<(@Sendable (StarViewState) async -> Void)?>(nil)
  func render(_ state: StarViewState) async {
    states.withLock { $0.append(state) }
    if case .sending = state, let hold = holdsSending.withLock({ $0 }) { await hold(state) }
  }
  var rendered: [StarViewState] { states.withLock { $0 } }
}

extension SearchFeatureTests {
  @Suite("Search: view model states")
  struct SearchViewModelTests {
    /// A view model from the app's real graph, talking to the harness's fake GitHub, rendering into `view`.
    func makeViewModel(_ harness: SearchHarness, view: RecordingSearchView = .init()) throws -> SearchViewModel {
      let terminal = Terminal(output: CapturedText().sink, errors: CapturedText().sink)
      return try harness.container(environment: harness.environment(), terminal: terminal)
        .resolve(Factory<any StateView<SearchViewState>, SearchViewModel>.self).make(view)
    }

    @Test("a view model is idle until it searches; a search renders loading without previous content, results")
    func results() async throws {
      let harness = try await SearchHarness.start()
      let view = RecordingSearchView()
      let viewModel = try makeViewModel(harness, view: view)
      #expect(viewModel.state == .idle)
      let settled = await viewModel.read(RepoSearchRequest(query: "swift", limit: 3))

      guard case .results(let repositories) = settled else {
        Issue.record("expected results, got \(settled)")
        return
      }
      #expect(repositories.items.map(\.fullName) == ["owner1/repo-1", "owner2/repo-2", "owner3/repo-3"])
      #expect(repositories.provenance.source == .network && !repositories.provenance.isStale)
      #expect(view.rendered == [.loading(previous: nil), .results(repositories)])
      #expect(viewModel.state == settled)
      await harness.stop()
    }

    @Test("a second search shows the first one's results while loading")
    func loadingKeepsPrevious() async throws {
      let harness = try await SearchHarness.start()
      let view = RecordingSearchView()
      let viewModel = try makeViewModel(harness, view: view)
      let first = await viewModel.read(RepoSearchRequest(query: "swift", limit: 2))
      let second = await viewModel.read(RepoSearchRequest(query: "vapor", limit: 1))

      let states = view.rendered
      #expect(states.count == 4)
      #expect(states[2] == .loading(previous: first.content))
      #expect(states[3] == second)
      #expect(second.content?.items.count == 1)
      await harness.stop()
    }

    @Test("nothing found is the empty state, with the counts kept")
    func empty() async throws {
      let harness = try await SearchHarness.start(repos: [])
      let view = RecordingSearchView()
      let viewModel = try makeViewModel(harness, view: view)
      let settled = await viewModel.read(RepoSearchRequest(query: "zzzz-nothing"))

      guard case .empty(let repositories) = settled else {
        Issue.record("expected empty, got \(settled)")
        return
      }
      #expect(repositories.totalCount == 0)
      #expect(view.rendered == [.loading(previous: nil), settled])
      await harness.stop()
    }

    @Test("a failure without cache is an error with no previous content")
    func errorWithoutCache() async throws {
      let harness = try await SearchHarness.start()
      harness.github.loopback.route(
        "GET", "/search/repositories", response: GitHubFakeResponses.error(503, message: "Service Unavailable"))
      let view = RecordingSearchView()
      let viewModel = try makeViewModel(harness, view: view)
      let settled = await viewModel.read(RepoSearchRequest(query: "swift"))

      let expected = UserFacingError(
        title: "GitHub answered HTTP 503: Service Unavailable", hint: "GitHub has a problem; try again later.")
      #expect(settled == .error(expected, previous: nil))
      #expect(view.rendered == [.loading(previous: nil), settled])
      await harness.stop()
    }

    @Test("a failure with cache is an error carrying the cached results as stale previous content")
    func errorWithCache() async throws {
      let harness = try await SearchHarness.start()
      let request = RepoSearchRequest(query: "swift", limit: 4)
      _ = try await makeViewModel(harness).read(request)
      harness.clock.advance(by: 11 * 60)
      harness.github.loopback.route(
        "GET", "/search/repositories", response: GitHubFakeResponses.error(500, message: "Server Error"))
      let view = RecordingSearchView()
      let viewModel = try makeViewModel(harness, view: view)
      let settled = await viewModel.read(request)

      guard case .error(let message, let previous?) = settled else {
        Issue.record("expected an error with previous content, got \(settled)")
        return
      }
      #expect(message.title == "GitHub answered HTTP 500: Server Error")
      #expect(previous.items.count == 4)
      #expect(previous.provenance.source == .cache && previous.provenance.isStale)
      #expect(RelativeTime.ago(seconds: previous.age) == "11 minutes ago")
      #expect(previous.refreshFailure == .server(status: 500, message: "Server Error"))
      // While GitHub is asked, the screen has the cached results of the same search to show: the same content
      // from the same cache, before GitHub failed.
      guard view.rendered.count == 2, case .loading(let cached?) = view.rendered[0] else {
        Issue.record("expected loading with the cached results, then the error; got \(view.rendered)")
        return
      }
      #expect(view.rendered[1] == settled)
      #expect(cached.content == previous.content)
      #expect(cached.provenance.source == .cache && cached.refreshFailure == nil)
      await harness.stop()
    }

    @Test("a failing repeat of a search keeps that search's results; another search does not borrow them")
    func errorKeepsOnlyTheSameSearch() async throws {
      let harness = try await SearchHarness.start()
      let viewModel = try makeViewModel(harness)
      let shown = await viewModel.read(RepoSearchRequest(query: "swift", limit: 2), policy: .refresh)
      harness.github.loopback.route(
        "GET", "/search/repositories", response: GitHubFakeResponses.error(500, message: "Server Error"))
      let other = await viewModel.read(RepoSearchRequest(query: "other"), policy: .refresh)
      let again = await viewModel.read(RepoSearchRequest(query: "swift", limit: 2), policy: .refresh)

      guard case .error(_, nil) = other else {
        Issue.record("expected an error without content, got \(other)")
        return
      }
      guard case .error(_, let previous?) = again else {
        Issue.record("expected an error with content, got \(again)")
        return
      }
      #expect(previous.items == shown.content?.items)
      await harness.stop()
    }

    @Test("the repo view model renders the details with their star and related courses pending, then with them")
    func repoDetailStates() async throws {
      let harness = try await SearchHarness.start()
      let course = FoundCourse(id: "c01", title: "Swift Fundamentals", categoryName: "Swift", level: "BEGINNER")
      let terminal = Terminal(output: CapturedText().sink, errors: CapturedText().sink)
      let view = RecordingRepoDetailView()
      let viewModel = try harness.container(environment: harness.environment(), terminal: terminal)
        .overriding {
          $0.register((any CourseFinder).self, scope: .singleton) { _ in CourseFinderDouble.returning([course]) }
        }
        .resolve(Factory<any StateView<RepoDetailViewState>, RepoDetailViewModel>.self).make(view)
      let last = await viewModel.read(fullName: "owner1/repo-1")

      // The star and the courses are read beside each other: loading, the details with both pending, then one
      // state as each answers, in whichever order they come.
      #expect(view.rendered.first == .loading(fullName: "owner1/repo-1"))
      let related = view.rendered.dropFirst().map { $0.overview?.relatedCourses }
      #expect(view.rendered.count == 4 && related.first == .pending)
      #expect(view.rendered.dropFirst().first?.overview?.starPending == true)
      #expect(related.last??.items?.map(\.id) == [course.id])
      #expect(view.rendered.last?.overview?.starPending == false)
      #expect(view.rendered.last?.overview?.viewerStar == ViewerStar(starred: false))
      #expect(last == view.rendered.last)
      await harness.stop()
    }

    @Test("the star view model renders what it did and answers it")
    func starStates() async throws {
      let harness = try await SearchHarness.start()
      let terminal = Terminal(output: CapturedText().sink, errors: CapturedText().sink)
      let view = RecordingStarView()
      let viewModel = try harness.container(environment: harness.environment(), terminal: terminal)
        .resolve(Factory<any StateView<StarViewState>, StarViewModel>.self).make(view)
      // Each toggle decides from the store when it runs, writes it, sends it and renders what GitHub did; GitHub
      // taking it is told.
      let taken = Mutex(0)
      let starred = await viewModel.change(toggling: "owner1/repo-1", offline: false) { taken.withLock { $0 += 1 } }
      let unstarred = await viewModel.change(toggling: "owner1/repo-1", offline: false) { taken.withLock { $0 += 1 } }
      #expect(taken.withLock { $0 } == 2)

      #expect(starred == .done(fullName: "owner1/repo-1", starred: true, waiting: nil))
      #expect(unstarred == .done(fullName: "owner1/repo-1", starred: false, waiting: nil))
      // Each is rendered as being sent once the store decided which way, then as GitHub took it.
      #expect(
        view.rendered == [
          .sending(fullName: "owner1/repo-1", starred: true), starred,
          .sending(fullName: "owner1/repo-1", starred: false), unstarred,
        ])

      // Two toggles written before either is sent undo each other: the second decides from the first's intent. The
      // first's send waits, in its render of `.sending`, until the second is written and being sent.
      let (firstHeld, holding) = AsyncStream.makeStream(of: Void.self)
      let (secondWritten, writing) = AsyncStream.makeStream(of: Void.self)
      view.holdsSending.withLock {
        $0 = { state in
          if case .sending(_, starred: false) = state { return writing.finish() }
          holding.finish()
          for await _ in secondWritten {}
        }
      }
      async let again = viewModel.change(toggling: "owner1/repo-1", offline: false)
      // The second starts once the first is written and held.
      for await _ in firstHeld {}
      let back = await viewModel.change(toggling: "owner1/repo-1", offline: false)
      guard case .done(_, starred: _, waiting: nil) = await again else {
        Issue.record("the first toggle's send did not end in GitHub's hands: \(await again)")
        return await harness.stop()
      }
      #expect(back == .done(fullName: "owner1/repo-1", starred: false, waiting: nil))
      // The second intent, an unstar, is what GitHub holds.
      #expect(harness.github.starred.isEmpty)
      await harness.stop()
    }
  }
}
