import CoursesPresenter
import CoursesTesting
import CoursesUseCase
import DI
import Foundation
import Presenter
import Synchronization
import TestScheduling
import TestSupport
import Testing
import UseCase

/// Records the states a presenter renders.
final class RecordingHomeView: StateView {
  private let states = Mutex<[CoursesHomeViewState]>([])
  func render(_ state: CoursesHomeViewState) async { states.withLock { $0.append(state) } }
  var rendered: [CoursesHomeViewState] { states.withLock { $0 } }
}

extension CoursesHomeViewState {
  /// A short name of the state, for comparing sequences.
  var shape: String {
    switch self {
    case .loading(let cached): cached == nil ? "loading(nil)" : "loading(cached)"
    case .content(let main, let stale): "content(\(main.provenance.source.rawValue)\(stale == nil ? "" : ", stale"))"
    case .failure: "failure"
    }
  }
}

@Suite(.untimed) struct CoursesHomePresenterTests {
  func presenter(_ harness: CoursesHarness, view: RecordingHomeView) throws -> CoursesHomePresenter {
    try harness.container().resolve(Factory<any StateView<CoursesHomeViewState>, CoursesHomePresenter>.self).make(view)
  }

  @Test func emptyCacheThenOriginRendersLoadingThenContent() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let view = RecordingHomeView()
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    try await presenter(harness, view: view).read(
      recentLimit: 5, recommendedLimit: 10, policy: .standard)
    #expect(view.rendered.map(\.shape) == ["loading(nil)", "content(network)"])
  }

  @Test func cachedContentFirstThenTheOriginsAnswer() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    try await presenter(harness, view: RecordingHomeView()).read(
      recentLimit: 5, recommendedLimit: 10, policy: .standard)

    let view = RecordingHomeView()
    try await presenter(harness, view: view).read(recentLimit: 5, recommendedLimit: 10, policy: .refresh)
    #expect(view.rendered.map(\.shape) == ["loading(cached)", "content(network)"])
  }

  @Test func failingOriginKeepsTheCachedContentWithAStaleNotice() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    try await presenter(harness, view: RecordingHomeView()).read(
      recentLimit: 5, recommendedLimit: 10, policy: .standard)
    origin.setFault(.status(500, body: "boom"))

    let view = RecordingHomeView()
    let final = try await presenter(harness, view: view).read(
      recentLimit: 5, recommendedLimit: 10, policy: .refresh)
    #expect(view.rendered.map(\.shape) == ["loading(cached)", "content(cache, stale)"])
    guard case .content(_, let stale?) = final else {
      Issue.record("expected stale content, got \(final.shape)")
      return
    }
    #expect(stale.title.contains("HTTP 500"))
    #expect(
      stale.hint
        == "The Courses API answered with an error of its own; try again later; `app courses --offline` shows what is "
        + "cached.",
      "the origin's own failure is not blamed on the address or the network")
  }

  @Test func failingOriginWithoutCacheRendersTheFailure() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    origin.setFault(.graphQLErrors("catalog offline"))
    let view = RecordingHomeView()
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let final = try await presenter(harness, view: view)
      .read(recentLimit: 5, recommendedLimit: 10, policy: .standard)
    #expect(view.rendered.map(\.shape) == ["loading(nil)", "failure"])
    guard case .failure(let error) = final else { return }
    #expect(error.title.contains("catalog offline"))
  }

  @Test func offlineNeverTouchesTheOrigin() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let empty = RecordingHomeView()
    try await presenter(harness, view: empty).read(recentLimit: 5, recommendedLimit: 10, policy: .offline)
    #expect(empty.rendered.map(\.shape) == ["failure"])
    #expect(origin.requestCount == 0)

    try await presenter(harness, view: RecordingHomeView()).read(
      recentLimit: 5, recommendedLimit: 10, policy: .standard)
    let requests = origin.requestCount
    let cached = RecordingHomeView()
    try await presenter(harness, view: cached).read(recentLimit: 5, recommendedLimit: 10, policy: .offline)
    #expect(cached.rendered.map(\.shape) == ["content(cache)"])
    #expect(origin.requestCount == requests)
  }
}
