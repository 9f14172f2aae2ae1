// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// The features the app ships: each a package of its own, `Modules/Features/<name>`, with its layers, its host and
/// its tests. `make feature NAME=Foo` adds one line; removing a feature is deleting its line and its folder. The
/// app's feature registry is generated from the app's dependencies at build time.
// swift-format-ignore
let features = [
  "Courses",
  "Search",
]

/// The root package: the app, its build tools, `stress`, the graph check and the tests that need two features.
///
/// The kits (`Modules/Kits`), the test kits (`Modules/TestKits`) and the interfaces (`Modules/Interfaces`) are
/// packages of their own, and so is every feature. `swift test --package-path Modules/Features/Courses` builds and
/// tests Courses alone; `make test` tests every package on its own.
///
/// So that `swift test --filter <Target>Tests` also works here, the root declares a copy of every package's test
/// targets over that package's test folder (a dependency's test targets are never built, so the names do not
/// clash). `make test` sets `ROOT_TESTS_ONLY=1`, which leaves the copies out: each test target is compiled and run
/// once, in its own package.
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let kit = { (name: String) -> Target.Dependency in .product(name: name, package: "Kits") }
let testKit = { (name: String) -> Target.Dependency in .product(name: name, package: "TestKits") }
let kits = ["DI", "Infrastructure", "Repository", "UseCase", "Presenter", "FeatureKit"].map(kit)
let testKits = [
  "TestSupport", "Reliability", "TestScheduling", "ScreenTesting", "InfrastructureTesting", "UseCaseTesting",
  "FeatureKitTesting",
].map(testKit)

/// A feature's top, what the app links.
func top(_ name: String) -> Target.Dependency { .product(name: name + "Feature", package: name) }
/// A feature's test support, what `stress` runs.
func testing(_ name: String) -> Target.Dependency { .product(name: name + "Testing", package: name) }

let rootTestsOnly = Context.environment["ROOT_TESTS_ONLY"] == "1"

/// Whether building the app validates its dependency graph first (`APP_GRAPH_CHECK=1 swift build`), so that a
/// missing, cyclic or duplicate registration fails the build with `file:line: error:` diagnostics. SwiftPM builds a
/// build tool's dependencies separately for the host, which here means compiling the app's modules a second time,
/// so it is opt-in; `make build`, `make run` and `make test` run the same check on the built app instead.
let checksGraphWhenBuilding = Context.environment["APP_GRAPH_CHECK"] == "1"

/// What only the copies of the test targets use.
let copiedTestsPackages: [Package.Dependency] = [
  .package(path: "Modules/Interfaces"),
  .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
  .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
]

/// The copies of the packages' test targets (see above): the kits' and every feature's.
let copiedTests: [Target] = {
  guard !rootTestsOnly else { return [] }
  let interfaces =
    (try? FileManager.default.contentsOfDirectory(atPath: "\(Context.packageDirectory)/Modules/Interfaces"))?
    .filter { $0.hasSuffix("InterfaceTesting") }.sorted()
    .flatMap { double -> [Target.Dependency] in
      let name = String(double.dropLast("Testing".count))
      return [.product(name: name, package: "Interfaces"), .product(name: double, package: "Interfaces")]
    } ?? []
  let shared =
    kits + testKits + [
      grdb, argumentParser, .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      .product(name: "Clocks", package: "swift-clocks"), .product(name: "GraphQL", package: "GraphQL"),
    ]
  let kitTests = ["DI", "Infrastructure", "Repository", "UseCase", "Presenter", "FeatureKit"].map { name in
    Target.testTarget(name: name + "Tests", dependencies: shared, path: "Modules/Kits/Tests/\(name)Tests")
  }
  let featureTests = features.map { name in
    let path = "Modules/Features/\(name)/Tests/\(name)Tests"
    return Target.testTarget(
      name: name + "Tests", dependencies: [.product(name: name + "Slice", package: name)] + interfaces + shared,
      path: path,
      exclude: FileManager.default.fileExists(atPath: "\(Context.packageDirectory)/\(path)/__Snapshots__")
        ? ["__Snapshots__"] : [])
  }
  return kitTests + featureTests
}()

let package = Package(
  name: "ModularApp",
  platforms: [.macOS(.v15)],
  products: [.executable(name: "app", targets: ["app"])],
  dependencies: [
    .package(path: "Modules/Kits"),
    .package(path: "Modules/TestKits"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ] + features.map { .package(path: "Modules/Features/\($0)") } + (rootTestsOnly ? [] : copiedTestsPackages),
  targets: [
    // The thin executable. Its feature registry is generated from its feature dependencies; its dependency graph
    // can be validated as a step of its build (see `checksGraphWhenBuilding`).
    .executableTarget(
      name: "app",
      dependencies: [kit("FeatureKit"), argumentParser] + features.map(top),
      path: "Apps/app",
      plugins: checksGraphWhenBuilding ? ["FeatureRegistryPlugin", "GraphCheckPlugin"] : ["FeatureRegistryPlugin"]
    ),

    // Tools.
    .executableTarget(name: "FeatureRegistryGenerator", path: "Tools/FeatureRegistryGenerator"),
    .plugin(
      name: "FeatureRegistryPlugin", capability: .buildTool(), dependencies: ["FeatureRegistryGenerator"],
      path: "Tools/Plugins/FeatureRegistryPlugin"),
    .executableTarget(
      name: "GraphCheck", dependencies: [kit("DI"), kit("FeatureKit"), argumentParser] + features.map(top),
      path: "Tools/GraphCheck", plugins: ["FeatureRegistryPlugin"]),
    // `make stress`: the generic scenarios and every feature's own; its registry of suites is generated too.
    .executableTarget(
      name: "stress", dependencies: [testKit("Reliability")] + features.map(testing), path: "Tools/Stress",
      plugins: ["FeatureRegistryPlugin"]),

    // The tests that need the whole app. `FEATURE_<NAME>` says which features it has, so a test that needs a
    // feature compiles only while the feature is in the package, and removing a feature stays one line.
    .testTarget(
      name: "AppTests",
      dependencies: [
        testKit("TestSupport"), testKit("TestScheduling"), testKit("Reliability"), kit("FeatureKit"),
        kit("Infrastructure"), grdb,
      ] + features.flatMap { [top($0), testing($0)] },
      path: "Tests/AppTests",
      swiftSettings: features.map { .define("FEATURE_" + $0.uppercased()) },
      plugins: ["FeatureRegistryPlugin"]
    ),
  ] + copiedTests
    // Declared only when used: SwiftPM builds every declared plugin's tool, and this one's, GraphCheck, for the
    // host, which compiles the app's modules a second time.
    + (checksGraphWhenBuilding
      ? [
        .plugin(
          name: "GraphCheckPlugin", capability: .buildTool(), dependencies: ["GraphCheck"],
          path: "Tools/Plugins/GraphCheckPlugin")
      ] : [])
)
