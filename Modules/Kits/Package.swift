// swift-tools-version: 6.1
import PackageDescription

/// The shared kits, bottom to top: one target a kit, each a library product. Dependencies only point down, and no
/// kit names a feature or an origin. The build tool the features use (`EmbedTextPlugin`, with its `TextEmbedder`)
/// is a plugin product of this package.
///
/// The kits' own tests are here too (`Tests/<Kit>Tests`). They use the test kits (`../TestKits`), which are built
/// on these kits: the two packages depend on each other, but no target of one depends on a target that depends
/// back on it (SwiftPM allows such a package cycle from tools-version 6.0).
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let asyncAlgorithms: Target.Dependency = .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")

/// A test kit of `../TestKits`.
func testKit(_ name: String) -> Target.Dependency { .product(name: name, package: "TestKits") }

let kits = ["DI", "CurlShim", "Infrastructure", "Repository", "UseCase", "Presenter", "FeatureKit"]

let package = Package(
  name: "ModularAppKits",
  platforms: [.macOS(.v15)],
  products: kits.map { .library(name: $0, targets: [$0]) } + [
    .plugin(name: "EmbedTextPlugin", targets: ["EmbedTextPlugin"])
  ],
  dependencies: [
    .package(path: "../TestKits"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
  ],
  targets: [
    .target(name: "DI", path: "DI", exclude: ["README.md"]),
    // libcurl's headers (libcurl4-openssl-dev) and a C shim that loads the library when the first request is made.
    .target(name: "CurlShim", path: "CurlShim"),
    .target(name: "Infrastructure", dependencies: ["DI", "CurlShim", logging, grdb], path: "Infrastructure"),
    .target(name: "Repository", dependencies: ["DI", "Infrastructure", grdb], path: "Repository"),
    // A use case whose screen reads several stores combines their streams with AsyncAlgorithms' combineLatest.
    .target(name: "UseCase", dependencies: ["DI", "Infrastructure", "Repository", asyncAlgorithms], path: "UseCase"),
    .target(name: "Presenter", dependencies: ["DI", "Infrastructure", "Repository", "UseCase"], path: "Presenter"),
    .target(
      name: "FeatureKit",
      dependencies: ["DI", "Infrastructure", "Repository", "UseCase", "Presenter", argumentParser, logging],
      path: "FeatureKit"),

    // Embeds a target's `.graphql` files as `EmbeddedText` constants (Courses' contract).
    .executableTarget(name: "TextEmbedder", path: "TextEmbedder"),
    .plugin(
      name: "EmbedTextPlugin", capability: .buildTool(), dependencies: ["TextEmbedder"],
      path: "Plugins/EmbedTextPlugin"),

    // The kits' tests, one target a kit.
    .testTarget(name: "DITests", dependencies: ["DI", testKit("TestScheduling")], path: "Tests/DITests"),
    .testTarget(
      name: "InfrastructureTests",
      dependencies: [
        "Infrastructure", "DI", testKit("InfrastructureTesting"), testKit("TestSupport"), testKit("TestScheduling"),
        grdb,
      ],
      path: "Tests/InfrastructureTests"),
    .testTarget(
      name: "RepositoryTests",
      dependencies: [
        "Repository", "Infrastructure", "DI", testKit("InfrastructureTesting"), testKit("TestSupport"),
        testKit("TestScheduling"),
      ],
      path: "Tests/RepositoryTests"),
    .testTarget(
      name: "UseCaseTests",
      dependencies: [
        "UseCase", "Repository", "Infrastructure", "DI", testKit("UseCaseTesting"), testKit("InfrastructureTesting"),
        testKit("TestScheduling"),
      ],
      path: "Tests/UseCaseTests"),
    .testTarget(
      name: "PresenterTests",
      dependencies: ["Presenter", "UseCase", "Repository", "Infrastructure", "DI", testKit("TestScheduling")],
      path: "Tests/PresenterTests"),
    .testTarget(
      name: "FeatureKitTests",
      dependencies: [
        "FeatureKit", testKit("FeatureKitTesting"), testKit("TestScheduling"), testKit("ScreenTesting"),
        argumentParser,
      ],
      path: "Tests/FeatureKitTests"),
  ]
)
