import Synchronization

/// The live streams of a store, by key.
///
/// Kept behind a lock rather than in the store actor so that a stream whose consumer stops is removed at once,
/// synchronously in its termination handler; only the store actor sends, so each stream sees sends in order.
final class ObserverRegistry<Key: Hashable & Sendable, Element: Sendable>: Sendable {
  typealias ID = Int

  private struct Observer {
    let continuation: AsyncStream<Element>.Continuation
    var hasReceived = false
  }

  private struct State {
    var observers: [Key: [ID: Observer]] = [:]
    var nextID = 0
  }

  private let state = Mutex(State())

  /// Adds a stream for `key` and returns its identifier.
  func add(_ continuation: AsyncStream<Element>.Continuation, for key: Key) -> ID {
    state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.observers[key, default: [:]][id] = Observer(continuation: continuation)
      return id
    }
  }

  /// Removes a stream.
  func remove(_ id: ID, for key: Key) {
    state.withLock { state in
      state.observers[key]?[id] = nil
      if state.observers[key]?.isEmpty == true { state.observers[key] = nil }
    }
  }

  /// Whether the stream is still there.
  func contains(_ id: ID, for key: Key) -> Bool {
    state.withLock { $0.observers[key]?[id] != nil }
  }

  /// Whether the stream was sent anything yet.
  func hasReceived(_ id: ID, for key: Key) -> Bool {
    state.withLock { $0.observers[key]?[id]?.hasReceived ?? false }
  }

  /// How many streams watch `key`.
  func count(for key: Key) -> Int {
    state.withLock { $0.observers[key]?.count ?? 0 }
  }

  /// Sends `element` to every stream of `key`.
  func broadcast(_ element: Element, for key: Key) {
    let continuations = state.withLock { state in
      guard var observers = state.observers[key] else { return [AsyncStream<Element>.Continuation]() }
      for id in observers.keys { observers[id]?.hasReceived = true }
      state.observers[key] = observers
      return observers.values.map(\.continuation)
    }
    for continuation in continuations { continuation.yield(element) }
  }

  /// Sends `element` to one stream.
  func send(_ element: Element, to id: ID, for key: Key) {
    let continuation = state.withLock { state -> AsyncStream<Element>.Continuation? in
      state.observers[key]?[id]?.hasReceived = true
      return state.observers[key]?[id]?.continuation
    }
    continuation?.yield(element)
  }
}
