import Synchronization

/// The live streams of a store, by key: one for each read that has not settled.
///
/// Kept behind a lock rather than in the store actor so that a stream whose consumer stops is removed at once,
/// synchronously in its termination handler; only the store actor sends, so each stream sees sends in order. A
/// stream is finished, and removed, right after the first final element it gets, unless it was added as one that
/// stays open.
final class ObserverRegistry<Key: Hashable & Sendable, Element: Sendable>: Sendable {
  typealias ID = Int

  private struct Observer {
    let yield: @Sendable (Element) -> Void
    let finish: @Sendable () -> Void
    let staysOpen: Bool
    var hasReceived = false
  }

  private struct State {
    var observers: [Key: [ID: Observer]] = [:]
    var nextID = 0
  }

  private let state = Mutex(State())
  private let isFinal: @Sendable (Element) -> Bool

  /// A registry whose streams end after an element for which `isFinal` holds.
  init(isFinal: @escaping @Sendable (Element) -> Bool) {
    self.isFinal = isFinal
  }

  /// Adds a stream for `key` and returns its identifier; one that `staysOpen` gets every later element too, final
  /// or not, until its consumer stops.
  func add(_ continuation: AsyncStream<Element>.Continuation, for key: Key, staysOpen: Bool = false) -> ID {
    add(for: key, staysOpen: staysOpen, yield: { continuation.yield($0) }, finish: { continuation.finish() })
  }

  /// Adds an observer of `key` told through `yield` (and `finish`, after a final element when it does not stay
  /// open); returns its identifier.
  func add(
    for key: Key, staysOpen: Bool, yield: @escaping @Sendable (Element) -> Void,
    finish: @escaping @Sendable () -> Void
  ) -> ID {
    state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.observers[key, default: [:]][id] = Observer(yield: yield, finish: finish, staysOpen: staysOpen)
      return id
    }
  }

  /// The keys that an observer staying open follows.
  func keysStayingOpen() -> [Key] {
    state.withLock { state in
      state.observers.compactMap { key, observers in observers.values.contains(where: \.staysOpen) ? key : nil }
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

  /// Whether any stream of `key` is there.
  func isObserved(_ key: Key) -> Bool {
    state.withLock { $0.observers[key] != nil }
  }

  /// Sends `element` to every stream of `key` (only those that stay open, when `stayingOpenOnly`).
  func broadcast(_ element: Element, for key: Key, stayingOpenOnly: Bool = false) {
    deliver(element, for: key, to: nil, stayingOpenOnly: stayingOpenOnly)
  }

  /// Sends `element` to one stream.
  func send(_ element: Element, to id: ID, for key: Key) {
    deliver(element, for: key, to: id)
  }

  /// Yields `element` to the stream `id` of `key` (every stream of `key` when `nil`), finishing them when it is
  /// final.
  private func deliver(_ element: Element, for key: Key, to id: ID?, stayingOpenOnly: Bool = false) {
    let final = isFinal(element)
    let targets = state.withLock { state in
      var targets: [(observer: Observer, ends: Bool)] = []
      guard var observers = state.observers[key] else { return targets }
      for observerID in observers.keys where id == nil || observerID == id {
        guard var observer = observers[observerID], observer.staysOpen || !stayingOpenOnly else { continue }
        observer.hasReceived = true
        let ends = final && !observer.staysOpen
        observers[observerID] = ends ? nil : observer
        targets.append((observer, ends))
      }
      state.observers[key] = observers.isEmpty ? nil : observers
      return targets
    }
    for target in targets {
      target.observer.yield(element)
      if target.ends { target.observer.finish() }
    }
  }
}
