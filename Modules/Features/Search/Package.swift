// swift-tools-version: 6.1
import PackageDescription

/// Search: GitHub repository search and stars, one target a layer, each on the layer below it and the kits. It
/// offers `SearchInterface` and uses `CoursesInterface`; it never depends on another feature's package.
let kit = { (name: String) -> Target.Dependency in .product(name: name, package: "Kits") }
let testKit = { (name: String) -> Target.Dependency in .product(name: name, package: "TestKits") }
let interface = { (name: String) -> Target.Dependency in .product(name: name, package: "Interfaces") }
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let interfaces = [interface("SearchInterface"), interface("CoursesInterface")]
let layers = ["SearchRepository", "SearchUseCase", "SearchPresenter", "SearchFeature"]

let package = Package(
  name: "Search",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "SearchFeature", targets: ["SearchFeature"]),
    .library(name: "SearchTesting", targets: ["SearchTesting"]),
    // Every target but the host and the tests: for test targets elsewhere (the root's, the benchmarks').
    .library(name: "SearchSlice", targets: layers + ["SearchTesting"]),
    .executable(name: "SearchHost", targets: ["SearchHost"]),
  ],
  dependencies: [
    .package(path: "../../Kits"),
    .package(path: "../../TestKits"),
    .package(path: "../../Interfaces"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
  ],
  targets: [
    .target(
      name: "SearchRepository", dependencies: [kit("DI"), kit("Infrastructure"), kit("Repository"), grdb],
      path: "Repository"),
    .target(
      name: "SearchUseCase",
      dependencies: [kit("DI"), kit("Infrastructure"), kit("UseCase"), "SearchRepository"] + interfaces,
      path: "UseCase"),
    .target(
      name: "SearchPresenter", dependencies: [kit("DI"), kit("Infrastructure"), kit("Presenter"), "SearchUseCase"],
      path: "Presenter"),
    .target(
      name: "SearchFeature",
      dependencies: [kit("DI"), kit("Infrastructure"), kit("FeatureKit"), argumentParser, "SearchPresenter"]
        + interfaces,
      path: "Feature"),
    // Its loopback origin and its part of `make stress`.
    .target(
      name: "SearchTesting",
      dependencies: [
        kit("DI"), kit("Infrastructure"), kit("Repository"), testKit("TestSupport"), testKit("Reliability"),
        "SearchRepository",
      ],
      path: "Testing"),
    // Search alone on the kits, through the app's own entry: `swift run SearchHost search swift`.
    .executableTarget(
      name: "SearchHost", dependencies: [kit("FeatureKit"), argumentParser, "SearchFeature"], path: "Host"),
    .testTarget(
      name: "SearchTests",
      dependencies: layers.map { .target(name: $0) } + [
        "SearchTesting", interface("SearchInterfaceTesting"), interface("CoursesInterfaceTesting"),
        kit("DI"), kit("Infrastructure"), kit("Repository"), kit("UseCase"), kit("Presenter"), kit("FeatureKit"),
        testKit("TestSupport"), testKit("Reliability"), testKit("TestScheduling"), testKit("ScreenTesting"),
        testKit("InfrastructureTesting"), testKit("UseCaseTesting"), testKit("FeatureKitTesting"), grdb,
        argumentParser, .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        .product(name: "Clocks", package: "swift-clocks"),
      ] + interfaces,
      path: "Tests/SearchTests",
      // Golden files (swift-snapshot-testing's), read by the tests from the source tree.
      exclude: ["__Snapshots__"]),
  ]
)
