// swift-tools-version: 6.1
import Foundation
import PackageDescription

let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let graphQL: Target.Dependency = .product(name: "GraphQL", package: "GraphQL")
let asyncAlgorithms: Target.Dependency = .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")
let snapshotTesting: Target.Dependency = .product(name: "SnapshotTesting", package: "swift-snapshot-testing")
let clocks: Target.Dependency = .product(name: "Clocks", package: "swift-clocks")

/// A feature: one vertical slice under `Modules/Features/<name>`, one layer a target, each depending only on the
/// layer below it and on the shared kits.
///
/// | folder | target | depends on |
/// |---|---|---|
/// | `Repository/` | `<name>Repository` | the kits up to `Repository`, GRDB, the feature's own extra targets |
/// | `UseCase/` | `<name>UseCase` | `<name>Repository`, the `UseCase` kit |
/// | `Presenter/` | `<name>Presenter` | `<name>UseCase`, the `Presenter` kit |
/// | `Feature/` | `<name>Feature` | `<name>Presenter`, `FeatureKit` (views, commands, the plugin), its interfaces |
/// | `Testing/` | `<name>Testing` | `<name>Repository`, `TestSupport`, `Reliability`: its loopback origin and its part of
/// |  |  | `make stress`, for its tests, `AppTests`, the stress tool and the benchmarks |
///
/// Its tests are the one target `<name>Tests` in `Tests/<name>Tests`.
///
/// Features cooperate only through interfaces (`Modules/Interfaces/<name>Interface`: protocols and plain values;
/// beside it `<name>InterfaceTesting`, its test double). A feature that offers one implements it in its use-case
/// layer and names its screens' routes in it; a feature that `uses` another's has its use-case layer (for the
/// protocols), its feature layer (for the route names of `app ui`) and its tests (for the double) depend on that
/// interface, never on the other feature's targets. An interface and its double are declared while its feature
/// offers it or any feature uses it, so they outlive the feature that implements it.
struct Feature {
  /// A target of the feature's own below its repository layer: a folder of `Modules/Features/<name>`.
  struct Extra {
    /// What it builds on.
    let dependencies: [Target.Dependency]
    /// Files of its folder that are not sources.
    let exclude: [String]
    /// The build tools it runs (`EmbedTextPlugin`: its `.graphql` files as `EmbeddedText` constants).
    var plugins: [Target.PluginUsage] = []
  }

  let name: String
  /// Whether the feature offers other features an interface, `<name>Interface`.
  let offersInterface: Bool
  /// The features whose interfaces its use cases use.
  let uses: [String]
  /// Extra targets by folder (target `<name><folder>`); the repository layer builds on them.
  let extras: [String: Extra]

  init(_ name: String, offersInterface: Bool = false, uses: [String] = [], extras: [String: Extra] = [:]) {
    self.name = name
    self.offersInterface = offersInterface
    self.uses = uses
    self.extras = extras
  }

  /// The interfaces its use cases and its screens build on: its own, which they implement and whose routes its
  /// screens add, and those of the features it uses.
  var interfaces: [Target.Dependency] {
    ((offersInterface ? [name] : []) + uses).map { .target(name: $0 + "Interface") }
  }

  /// The doubles of those interfaces, for its tests.
  var interfaceDoubles: [Target.Dependency] {
    ((offersInterface ? [name] : []) + uses).map { .target(name: $0 + "InterfaceTesting") }
  }

  var path: String { "Modules/Features/\(name)" }
  var extraTargets: [Target.Dependency] { extras.keys.sorted().map { .target(name: name + $0) } }
  var testing: Target.Dependency { .target(name: "\(name)Testing") }
  var top: Target.Dependency { .target(name: "\(name)Feature") }

  var testDependencies: [Target.Dependency] {
    let shared: [Target.Dependency] = [
      "DI", "Infrastructure", "Repository", "UseCase", "Presenter", "FeatureKit", "TestSupport", "Reliability", grdb,
      argumentParser, "TestScheduling", "ScreenTesting", "InfrastructureTesting", "UseCaseTesting", "FeatureKitTesting",
      snapshotTesting, clocks,
    ]
    return [top, testing] + extraTargets + interfaces + interfaceDoubles + shared
  }

  var targets: [Target] {
    let kits: [Target.Dependency] = ["DI", "Infrastructure"]
    let extraTargets: [Target] = extras.keys.sorted().map { folder in
      let extra = extras[folder] ?? Extra(dependencies: [], exclude: [])
      return .target(
        name: name + folder, dependencies: extra.dependencies, path: "\(path)/\(folder)", exclude: extra.exclude,
        plugins: extra.plugins)
    }
    return extraTargets + [
      .target(
        name: "\(name)Repository", dependencies: kits + ["Repository", grdb] + self.extraTargets,
        path: "\(path)/Repository"),
      .target(
        name: "\(name)UseCase", dependencies: kits + ["UseCase", .target(name: "\(name)Repository")] + interfaces,
        path: "\(path)/UseCase"),
      .target(
        name: "\(name)Presenter", dependencies: kits + ["Presenter", .target(name: "\(name)UseCase")],
        path: "\(path)/Presenter"),
      .target(
        name: "\(name)Feature",
        dependencies: kits + ["FeatureKit", argumentParser, .target(name: "\(name)Presenter")] + interfaces,
        path: "\(path)/Feature"),
      .target(
        name: "\(name)Testing",
        dependencies: kits + ["Repository", "TestSupport", "Reliability", .target(name: "\(name)Repository")],
        path: "\(path)/Testing"),
      .testTarget(
        name: "\(name)Tests", dependencies: testDependencies, path: "Tests/\(name)Tests",
        // Golden files (swift-snapshot-testing's), read by the tests from the source tree.
        exclude: FileManager.default.fileExists(atPath: "\(Context.packageDirectory)/Tests/\(name)Tests/__Snapshots__")
          ? ["__Snapshots__"] : []),
    ]
  }
}

/// The features the app ships, one entry each. `make feature NAME=Foo` adds one; removing a feature is deleting
/// its entry, `Modules/Features/<name>` and `Tests/<name>Tests`. The app's feature registry is generated from the
/// app's dependencies at build time. Each entry stays on one line, however long, so that adding or removing a
/// feature is one line.
// swift-format-ignore
let features = [
  Feature("Courses", offersInterface: true, uses: ["Search"], extras: ["Demo": .init(dependencies: [graphQL], exclude: ["courses.graphql"], plugins: ["EmbedTextPlugin"])]),
  Feature("Search", offersInterface: true, uses: ["Courses"]),
]

/// What features offer each other: `Modules/Interfaces/<name>Interface`, on the kits alone, and beside it its test
/// double, `Modules/Interfaces/<name>InterfaceTesting`, for the tests of the features that use it. Both are
/// declared while a feature offers the interface or uses it, so removing the feature that implements one keeps
/// them for the features using it.
let interfaceTargets: [Target] = Set(features.flatMap { ($0.offersInterface ? [$0.name] : []) + $0.uses }).sorted()
  .flatMap { name -> [Target] in
    let kits: [Target.Dependency] = ["DI", "Repository", "UseCase"]
    let interface: Target.Dependency = .target(name: name + "Interface")
    return [
      .target(name: name + "Interface", dependencies: kits, path: "Modules/Interfaces/\(name)Interface"),
      .target(
        name: name + "InterfaceTesting", dependencies: [interface, "UseCaseTesting"] + kits,
        path: "Modules/Interfaces/\(name)InterfaceTesting"),
    ]
  }

/// The app, and for Tools/Benchmarks (a package of its own) the kits, their test support and every feature's top and
/// test support.
let products: [Product] =
  [
    .executable(name: "app", targets: ["app"]),
    .library(name: "DI", targets: ["DI"]),
    .library(name: "Infrastructure", targets: ["Infrastructure"]),
    .library(name: "UseCase", targets: ["UseCase"]),
    .library(name: "FeatureKit", targets: ["FeatureKit"]),
    .library(name: "FeatureKitTesting", targets: ["FeatureKitTesting"]),
    .library(name: "TestSupport", targets: ["TestSupport"]),
  ]
  + features.map { feature -> Product in
    .library(name: "\(feature.name)Slice", targets: ["\(feature.name)Feature", "\(feature.name)Testing"])
  }

/// Whether building the app validates its dependency graph first (`APP_GRAPH_CHECK=1 swift build`), so that a
/// missing, cyclic or duplicate registration fails the build with `file:line: error:` diagnostics. SwiftPM builds a
/// build tool's dependencies separately for the host, which here means compiling the app's modules a second time,
/// so it is opt-in; `make build`, `make run` and `make test` run the same check on the built app instead.
let checksGraphWhenBuilding = Context.environment["APP_GRAPH_CHECK"] == "1"

let graphCheckDependencies: [Target.Dependency] = ["DI", "FeatureKit", argumentParser] + features.map(\.top)
let appDependencies: [Target.Dependency] = ["FeatureKit", argumentParser] + features.map(\.top)
let stressDependencies: [Target.Dependency] = ["Reliability"] + features.map(\.testing)
let appTestsDependencies: [Target.Dependency] =
  ["TestSupport", "TestScheduling", "Reliability", "FeatureKit", "Infrastructure", grdb]
  + features.flatMap { [$0.top, $0.testing] }

let sharedTargets: [Target] = [
  // The shared kits, bottom to top. Dependencies only point down; no kit names a feature.
  .target(name: "DI", path: "Modules/DI", exclude: ["README.md"]),
  // libcurl's headers (libcurl4-openssl-dev) and a C shim that loads the library when the first request is made.
  .target(name: "CurlShim", path: "Modules/CurlShim"),
  .target(name: "Infrastructure", dependencies: ["DI", "CurlShim", logging, grdb], path: "Modules/Infrastructure"),
  .target(name: "Repository", dependencies: ["DI", "Infrastructure", grdb], path: "Modules/Repository"),
  // A use case whose screen reads several stores combines their streams with AsyncAlgorithms' combineLatest.
  .target(
    name: "UseCase", dependencies: ["DI", "Infrastructure", "Repository", asyncAlgorithms], path: "Modules/UseCase"),
  .target(
    name: "Presenter", dependencies: ["DI", "Infrastructure", "Repository", "UseCase"], path: "Modules/Presenter"),
  .target(
    name: "FeatureKit",
    dependencies: ["DI", "Infrastructure", "Repository", "UseCase", "Presenter", argumentParser, logging],
    path: "Modules/FeatureKit"
  ),

  // The thin executable. Its feature registry is generated from its feature dependencies; its dependency graph
  // can be validated as a step of its build (see `checksGraphWhenBuilding`).
  .executableTarget(
    name: "app",
    dependencies: appDependencies,
    path: "Apps/app",
    plugins: checksGraphWhenBuilding ? ["FeatureRegistryPlugin", "GraphCheckPlugin"] : ["FeatureRegistryPlugin"]
  ),

  // Tools.
  .executableTarget(name: "FeatureRegistryGenerator", path: "Tools/FeatureRegistryGenerator"),
  .plugin(
    name: "FeatureRegistryPlugin",
    capability: .buildTool(),
    dependencies: ["FeatureRegistryGenerator"],
    path: "Tools/Plugins/FeatureRegistryPlugin"
  ),
  .executableTarget(name: "TextEmbedder", path: "Tools/TextEmbedder"),
  .plugin(
    name: "EmbedTextPlugin", capability: .buildTool(), dependencies: ["TextEmbedder"],
    path: "Tools/Plugins/EmbedTextPlugin"),
  .executableTarget(
    name: "GraphCheck", dependencies: graphCheckDependencies, path: "Tools/GraphCheck",
    plugins: ["FeatureRegistryPlugin"]),
  .plugin(
    name: "GraphCheckPlugin", capability: .buildTool(), dependencies: ["GraphCheck"],
    path: "Tools/Plugins/GraphCheckPlugin"),
  .target(
    name: "TestSupport",
    dependencies: [
      .product(name: "FlyingFox", package: "FlyingFox"),
      .product(name: "FlyingSocks", package: "FlyingFox"),
    ],
    path: "Tools/TestSupport"
  ),
  .target(name: "Reliability", dependencies: ["TestSupport", grdb], path: "Tools/Reliability"),
  // Which tests may run beside which: `.timing` suites alone (every test target depends on it).
  .target(name: "TestScheduling", path: "Tools/TestScheduling"),
  // `app ui`'s screens driven in process: keys in, frames out.
  .target(name: "ScreenTesting", dependencies: ["FeatureKit"], path: "Tools/ScreenTesting"),
  // The kits' test doubles, apart from the kits so that no product builds them: a clock that moves when told
  // (`ManualClock`), the double every interface's is made of (`LookupDouble`), text written in memory
  // (`CapturedText`).
  .target(name: "InfrastructureTesting", dependencies: ["Infrastructure"], path: "Tools/InfrastructureTesting"),
  .target(name: "UseCaseTesting", dependencies: ["UseCase"], path: "Tools/UseCaseTesting"),
  .target(name: "FeatureKitTesting", dependencies: ["FeatureKit"], path: "Tools/FeatureKitTesting"),
  // `make stress`: the generic scenarios and every feature's own; its registry of suites is generated too.
  .executableTarget(
    name: "stress", dependencies: stressDependencies, path: "Tools/Stress",
    plugins: ["FeatureRegistryPlugin"]),

  // Tests, one target per shared module; each feature's are generated with it.
  .testTarget(name: "DITests", dependencies: ["DI", "TestScheduling"], path: "Tests/DITests"),
  .testTarget(
    name: "InfrastructureTests",
    dependencies: ["Infrastructure", "InfrastructureTesting", "DI", "TestSupport", "TestScheduling", grdb],
    path: "Tests/InfrastructureTests"
  ),
  .testTarget(
    name: "RepositoryTests",
    dependencies: ["Repository", "Infrastructure", "InfrastructureTesting", "DI", "TestSupport", "TestScheduling"],
    path: "Tests/RepositoryTests"
  ),
  .testTarget(
    name: "UseCaseTests",
    dependencies: [
      "UseCase", "UseCaseTesting", "Repository", "Infrastructure", "InfrastructureTesting", "DI", "TestScheduling",
    ],
    path: "Tests/UseCaseTests"),
  .testTarget(
    name: "PresenterTests",
    dependencies: ["Presenter", "UseCase", "Repository", "Infrastructure", "DI", "TestScheduling"],
    path: "Tests/PresenterTests"),
  .testTarget(
    name: "FeatureKitTests",
    dependencies: ["FeatureKit", "FeatureKitTesting", "TestScheduling", "ScreenTesting", argumentParser],
    path: "Tests/FeatureKitTests"),
  // `FEATURE_<NAME>` says which features the app has, so a test that needs a feature's test support compiles
  // only while the feature is in the package, and removing a feature stays one line.
  .testTarget(
    name: "AppTests",
    dependencies: appTestsDependencies,
    path: "Tests/AppTests",
    swiftSettings: features.map { .define("FEATURE_" + $0.name.uppercased()) },
    plugins: ["FeatureRegistryPlugin"]
  ),
]

let package = Package(
  name: "ModularApp",
  platforms: [.macOS(.v15)],
  products: products,
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
    .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
  ],
  targets: sharedTargets + interfaceTargets + features.flatMap(\.targets)
)
