import Foundation
import Infrastructure
import InfrastructureTesting
import Synchronization
import Testing

@testable import Repository

/// An error with a fixed description, so states holding it compare equal.
struct TestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A real SQLite database in a directory of its own, removed when the value goes away.
final class TemporaryDatabase: Sendable {
  let directory: URL
  let database: Database

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("repository-tests-\(UUID().uuidString)", isDirectory: true)
    database = Database(directory: directory, diagnostics: { message in Issue.record("diagnostics: \(message)") })
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }
}

/// A door fetches wait at until the test opens it.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// An origin that answers from a script, counts its calls, announces each call and can hold them at a gate.
final class ScriptedFetcher: Fetcher {
  enum Reply: Sendable {
    case value([String], next: String? = nil)
    case failure(String)
  }

  struct Call: Equatable, Sendable {
    let key: String
    let pageKey: String?
  }

  private struct State {
    var replies: [Reply]
    var calls: [Call] = []
  }

  private let state: Mutex<State>
  private let gate: Gate?
  private let startedContinuation: AsyncStream<Call>.Continuation
  private let cancelledContinuation: AsyncStream<Call>.Continuation
  /// Yields each call as it starts, before waiting at the gate.
  let started: AsyncStream<Call>
  /// Yields each call whose task is cancelled while it waits at the gate.
  let cancelled: AsyncStream<Call>

  init(_ replies: [Reply], gate: Gate? = nil) {
    state = Mutex(State(replies: replies))
    self.gate = gate
    (started, startedContinuation) = AsyncStream.makeStream(of: Call.self)
    (cancelled, cancelledContinuation) = AsyncStream.makeStream(of: Call.self)
  }

  var calls: [Call] { state.withLock { $0.calls } }
  var callCount: Int { calls.count }

  func fetch(_ key: String, pageKey: String?) async throws -> FetchResult<[String]> {
    let call = Call(key: key, pageKey: pageKey)
    let reply = state.withLock { state -> Reply in
      state.calls.append(call)
      return state.replies.isEmpty ? .failure("no reply scripted") : state.replies.removeFirst()
    }
    startedContinuation.yield(call)
    if let gate {
      await withTaskCancellationHandler {
        await gate.wait()
      } onCancel: { [cancelledContinuation] in
        cancelledContinuation.yield(call)
      }
      try Task.checkCancellation()
    }
    switch reply {
    case .value(let value, let next): return FetchResult(value, nextPageKey: next)
    case .failure(let message): throw TestError(message)
    }
  }
}

/// One store over a real database, a scripted origin and a manual clock.
struct StoreFixture {
  static let start = Date(timeIntervalSince1970: 1_700_000_000)
  static let timeToLive: TimeInterval = 60

  let temporary: TemporaryDatabase
  let clock = ManualClock(StoreFixture.start)
  let cacher: SQLiteCacher<String, [String]>

  init() throws {
    temporary = try TemporaryDatabase()
    cacher = SQLiteCacher(database: temporary.database, namespace: "tests", origin: "https://origin.test")
  }

  func makeStore(_ fetcher: ScriptedFetcher) -> Store<String, [String]> {
    Store(cacher: cacher, fetcher: fetcher, freshness: .ttl(.seconds(Self.timeToLive)), clock: clock)
  }

  /// Puts `value` in the cache as fetched at `fetchedAt`.
  func seed(_ key: String, _ value: [String], fetchedAt: Date = StoreFixture.start, next: String? = nil) async throws {
    try await cacher.save(CachedValue(value: value, fetchedAt: fetchedAt, nextPageKey: next), for: key)
  }
}

/// An answer read from the cache.
func fromCache(
  _ value: [String], fetchedAt: Date, stale: Bool = false, hasNextPage: Bool = false
) -> StoreResponse<[String]> {
  StoreResponse(value: value, source: .cache, fetchedAt: fetchedAt, isStale: stale, hasNextPage: hasNextPage)
}

/// An answer fetched from the origin.
func fromNetwork(_ value: [String], fetchedAt: Date, hasNextPage: Bool = false) -> StoreResponse<[String]> {
  StoreResponse(value: value, source: .network, fetchedAt: fetchedAt, isStale: false, hasNextPage: hasNextPage)
}

/// Every state of `stream` until it ends.
func allStates<Value: Sendable>(of stream: StoreStream<Value>) async -> [LoadingState<Value>] {
  var states: [LoadingState<Value>] = []
  for await state in stream { states.append(state) }
  return states
}

/// The first `count` states of `stream`; iteration stops (and unsubscribes) after them.
func firstStates<Value: Sendable>(_ count: Int, of stream: StoreStream<Value>) async -> [LoadingState<Value>] {
  var states: [LoadingState<Value>] = []
  guard count > 0 else { return states }
  for await state in stream {
    states.append(state)
    if states.count == count { break }
  }
  return states
}
