import Synchronization

/// The stores whose followers must hear of another process's commits: each store a screen follows is added here,
/// and ``reloadAll()`` has every one tell its followers what the single source of truth holds now
/// (``Store/reloadObserved()``: only the keys followed, and never the origin).
///
/// `app ui` calls ``reloadAll()`` whenever the app database saw a commit of another connection
/// (`Database.commitsElsewhere(every:)`).
public final class FollowedStores: Sendable {
  private let reloads = Mutex<[@Sendable () async -> Void]>([])

  /// No store yet.
  public init() {}

  /// Adds `store`, and answers it (for the registration that makes it).
  @discardableResult
  public func adding<Key, Value>(_ store: Store<Key, Value>) -> Store<Key, Value> {
    reloads.withLock { $0.append { await store.reloadObserved() } }
    return store
  }

  /// Has every store added tell its followers what it holds now.
  public func reloadAll() async {
    for reload in reloads.withLock({ $0 }) { await reload() }
  }
}
