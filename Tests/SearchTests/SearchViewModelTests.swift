import DI
import FeatureKit
import Foundation
import Presenter
import SearchPresenter
import SearchTesting
import SearchUseCase
import TestSupport
import Testing
import UseCase

extension SearchFeatureTests {
  @Suite("Search: view model states")
  struct SearchViewModelTests {
    /// A view model from the app's real graph, talking to the harness's fake GitHub.
    func makeViewModel(_ harness: SearchHarness) throws -> SearchViewModel {
      let terminal = Terminal(output: CapturedText().sink, errors: CapturedText().sink)
      return try harness.container(environment: harness.environment(), terminal: terminal)
        .resolve(Factory<Void, SearchViewModel>.self).make()
    }

    /// Every state published so far, after ending the stream.
    func states(of viewModel: SearchViewModel) async -> [SearchViewState] {
      viewModel.finish()
      var states: [SearchViewState] = []
      for await state in viewModel.states { states.append(state) }
      return states
    }

    @Test("a search goes idle, loading without previous content, results")
    func results() async throws {
      let harness = try await SearchHarness.start()
      let viewModel = try makeViewModel(harness)
      let settled = await viewModel.search(RepoSearchRequest(query: "swift", limit: 3))

      guard case .results(let repositories) = settled else {
        Issue.record("expected results, got \(settled)")
        return
      }
      #expect(repositories.items.map(\.fullName) == ["owner1/repo-1", "owner2/repo-2", "owner3/repo-3"])
      #expect(!repositories.provenance.isFromCache && !repositories.provenance.isStale)
      #expect(await states(of: viewModel) == [.idle, .loading(previous: nil), .results(repositories)])
      await harness.stop()
    }

    @Test("a second search shows the first one's results while loading")
    func loadingKeepsPrevious() async throws {
      let harness = try await SearchHarness.start()
      let viewModel = try makeViewModel(harness)
      let first = await viewModel.search(RepoSearchRequest(query: "swift", limit: 2))
      let second = await viewModel.search(RepoSearchRequest(query: "vapor", limit: 1))

      let states = await states(of: viewModel)
      #expect(states.count == 5)
      #expect(states[3] == .loading(previous: first.content))
      #expect(states[4] == second)
      #expect(second.content?.items.count == 1)
      await harness.stop()
    }

    @Test("nothing found is the empty state, with the counts kept")
    func empty() async throws {
      let harness = try await SearchHarness.start(repos: [])
      let viewModel = try makeViewModel(harness)
      let settled = await viewModel.search(RepoSearchRequest(query: "zzzz-nothing"))

      guard case .empty(let repositories) = settled else {
        Issue.record("expected empty, got \(settled)")
        return
      }
      #expect(repositories.totalCount == 0)
      #expect(await states(of: viewModel) == [.idle, .loading(previous: nil), settled])
      await harness.stop()
    }

    @Test("a failure without cache is an error with no previous content")
    func errorWithoutCache() async throws {
      let harness = try await SearchHarness.start()
      harness.github.loopback.route(
        "GET", "/search/repositories", response: GitHubFakeResponses.error(503, message: "Service Unavailable"))
      let viewModel = try makeViewModel(harness)
      let settled = await viewModel.search(RepoSearchRequest(query: "swift"))

      let expected = UserFacingError(
        title: "GitHub answered HTTP 503: Service Unavailable", hint: "GitHub has a problem; try again later.")
      #expect(settled == .error(expected, previous: nil))
      #expect(await states(of: viewModel) == [.idle, .loading(previous: nil), settled])
      await harness.stop()
    }

    @Test("a failure with cache is an error carrying the cached results as stale previous content")
    func errorWithCache() async throws {
      let harness = try await SearchHarness.start()
      let request = RepoSearchRequest(query: "swift", limit: 4)
      _ = try await makeViewModel(harness).search(request)
      harness.clock.advance(by: 11 * 60)
      harness.github.loopback.route(
        "GET", "/search/repositories", response: GitHubFakeResponses.error(500, message: "Server Error"))
      let viewModel = try makeViewModel(harness)
      let settled = await viewModel.search(request)

      guard case .error(let message, let previous?) = settled else {
        Issue.record("expected an error with previous content, got \(settled)")
        return
      }
      #expect(message.title == "GitHub answered HTTP 500: Server Error")
      #expect(previous.items.count == 4)
      #expect(previous.provenance.isFromCache && previous.provenance.isStale)
      #expect(previous.ageText == "11 minutes")
      // While GitHub is asked, the screen has the cached results of the same search to show.
      #expect(await states(of: viewModel) == [.idle, .loading(previous: previous), settled])
      await harness.stop()
    }

    @Test("a failing repeat of a search keeps that search's results; another search does not borrow them")
    func errorKeepsOnlyTheSameSearch() async throws {
      let harness = try await SearchHarness.start()
      let viewModel = try makeViewModel(harness)
      let shown = await viewModel.search(RepoSearchRequest(query: "swift", limit: 2), policy: .refresh)
      harness.github.loopback.route(
        "GET", "/search/repositories", response: GitHubFakeResponses.error(500, message: "Server Error"))
      let other = await viewModel.search(RepoSearchRequest(query: "other"), policy: .refresh)
      let again = await viewModel.search(RepoSearchRequest(query: "swift", limit: 2), policy: .refresh)

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
  }
}
