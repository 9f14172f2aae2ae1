/// The wide object graph of case 6: what a screen of an app resolves, with shared services and named variants.
///
/// Four levels, 41 resolves, 21 new objects each time:
/// ```
/// WideRoot ─┬─ Panel[feed]     ─┬─ StoreQuery[remote] ─┬─ DataStore[remote]  (named singleton)
///           │                   │                      ├─ RecordMapper       (new)
///           │                   │                      └─ AppClock           (singleton)
///           │                   ├─ StoreQuery[cache]   ─── …
///           │                   └─ AppLogger                                 (singleton)
///           ├─ Panel[profile]  ─── StoreQuery[local], StoreQuery[remote], AppLogger
///           ├─ Panel[search]   ─── StoreQuery[remote], StoreQuery[mirror], AppLogger
///           └─ Panel[settings] ─── StoreQuery[local], StoreQuery[cache], AppLogger
/// ```
/// New on every resolve: the root, 4 panels, 8 queries and 8 mappers (21 objects). Shared: `AppLogger` (4 look-ups)
/// and `AppClock` (8), plus `DataStore` under four names (8 look-ups), 20 singleton look-ups in all. Resolved by
/// name: the 4 panels, the 8 queries and the 8 stores (20 look-ups).
final class AppLogger: Sendable {
  let level = 2
}

/// A singleton of the wide graph: every query reads the time from it.
final class AppClock: Sendable {
  let offset = 0
}

/// The named singletons of the wide graph: one store per name.
final class DataStore: Sendable {
  let label: String

  init(label: String) {
    self.label = label
  }
}

/// A leaf of the wide graph, new for every query.
final class RecordMapper: Sendable {
  let version = 1
}

/// The third level: a query of one named store.
final class StoreQuery: Sendable {
  let store: DataStore
  let mapper: RecordMapper
  let clock: AppClock

  init(store: DataStore, mapper: RecordMapper, clock: AppClock) {
    self.store = store
    self.mapper = mapper
    self.clock = clock
  }
}

/// The second level: a panel with two queries of its own.
final class Panel: Sendable {
  let primary: StoreQuery
  let secondary: StoreQuery
  let logger: AppLogger

  init(primary: StoreQuery, secondary: StoreQuery, logger: AppLogger) {
    self.primary = primary
    self.secondary = secondary
    self.logger = logger
  }
}

/// The top of the wide graph.
final class WideRoot: Sendable {
  let feed: Panel
  let profile: Panel
  let search: Panel
  let settings: Panel

  init(feed: Panel, profile: Panel, search: Panel, settings: Panel) {
    self.feed = feed
    self.profile = profile
    self.search = search
    self.settings = settings
  }

  var panels: [Panel] { [feed, profile, search, settings] }
  var queries: [StoreQuery] { panels.flatMap { [$0.primary, $0.secondary] } }
  /// The objects a resolve builds: the root, the panels, the queries and their mappers.
  var newObjects: [AnyObject] { [self] + panels + queries + queries.map(\.mapper) }
}

/// The names in the wide graph: the panels', and which store each panel's two queries read.
enum WideNames {
  static let panels = ["feed", "profile", "search", "settings"]
  static let stores = RepositoryNames.all
  /// The store names of `queries`, in order: feed's two, profile's two, search's two, settings' two.
  static let queryStores = ["remote", "cache", "local", "remote", "remote", "mirror", "local", "cache"]
}

/// The hand-written composition root of the wide graph: the singletons built once and kept, each named store in a
/// property of its own, everything else built by calling the constructors.
struct HandWrittenWide: Sendable {
  let logger = AppLogger()
  let clock = AppClock()
  let localStore = DataStore(label: "local")
  let remoteStore = DataStore(label: "remote")
  let cacheStore = DataStore(label: "cache")
  let mirrorStore = DataStore(label: "mirror")

  /// A new wide graph.
  func makeRoot() -> WideRoot {
    WideRoot(
      feed: Panel(primary: query(remoteStore), secondary: query(cacheStore), logger: logger),
      profile: Panel(primary: query(localStore), secondary: query(remoteStore), logger: logger),
      search: Panel(primary: query(remoteStore), secondary: query(mirrorStore), logger: logger),
      settings: Panel(primary: query(localStore), secondary: query(cacheStore), logger: logger))
  }

  private func query(_ store: DataStore) -> StoreQuery {
    StoreQuery(store: store, mapper: RecordMapper(), clock: clock)
  }
}

/// Makes sure `first` and `second`, two resolves of the wide graph by `contender`, are what case 6 claims.
///
/// Each is complete, with 21 distinct new objects and its stores under the right names; the two share no new
/// object, and share every singleton.
func checkWideGraph(_ first: WideRoot, _ second: WideRoot, contender: String) throws {
  for root in [first, second] {
    guard Set(root.newObjects.map(ObjectIdentifier.init)).count == 21 else {
      throw BenchmarkFailure("\(contender): the wide graph does not have 21 distinct new objects")
    }
    guard root.queries.map(\.store.label) == WideNames.queryStores else {
      throw BenchmarkFailure("\(contender): a query of the wide graph reads the wrong store")
    }
  }
  guard Set((first.newObjects + second.newObjects).map(ObjectIdentifier.init)).count == 42 else {
    throw BenchmarkFailure("\(contender): two resolves of the wide graph share a new object")
  }
  let panels = first.panels + second.panels
  let queries = first.queries + second.queries
  guard panels.allSatisfy({ $0.logger === first.feed.logger }),
    queries.allSatisfy({ $0.clock === first.feed.primary.clock })
  else {
    throw BenchmarkFailure("\(contender): a singleton of the wide graph is built twice")
  }
  let stores = Dictionary(grouping: queries, by: \.store.label).mapValues { Set($0.map { ObjectIdentifier($0.store) }) }
  guard stores.count == WideNames.stores.count, stores.values.allSatisfy({ $0.count == 1 }) else {
    throw BenchmarkFailure("\(contender): a named store of the wide graph is built twice")
  }
}
