// swift-tools-version: 6.1
import PackageDescription

/// Courses: the e-learning catalog, one target a layer, each on the layer below it and the kits. It offers
/// `CoursesInterface` and uses `SearchInterface`; it never depends on another feature's package.
let kit = { (name: String) -> Target.Dependency in .product(name: name, package: "Kits") }
let testKit = { (name: String) -> Target.Dependency in .product(name: name, package: "TestKits") }
let interface = { (name: String) -> Target.Dependency in .product(name: name, package: "Interfaces") }
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let graphQL: Target.Dependency = .product(name: "GraphQL", package: "GraphQL")
let interfaces = [interface("CoursesInterface"), interface("SearchInterface")]
let layers = ["CoursesDemo", "CoursesRepository", "CoursesUseCase", "CoursesPresenter", "CoursesFeature"]

let package = Package(
  name: "Courses",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "CoursesFeature", targets: ["CoursesFeature"]),
    .library(name: "CoursesTesting", targets: ["CoursesTesting"]),
    // Every target but the host and the tests: for test targets elsewhere (the root's, the benchmarks').
    .library(name: "CoursesSlice", targets: layers + ["CoursesTesting"]),
    .executable(name: "CoursesHost", targets: ["CoursesHost"]),
  ],
  dependencies: [
    .package(path: "../../Kits"),
    .package(path: "../../TestKits"),
    .package(path: "../../Interfaces"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
  ],
  targets: [
    // The bundled demo catalog and its GraphQL server; the contract is embedded in the binary.
    .target(
      name: "CoursesDemo", dependencies: [graphQL], path: "Demo", exclude: ["courses.graphql"],
      plugins: [.plugin(name: "EmbedTextPlugin", package: "Kits")]),
    .target(
      name: "CoursesRepository",
      dependencies: [kit("DI"), kit("Infrastructure"), kit("Repository"), grdb, "CoursesDemo"],
      path: "Repository"),
    .target(
      name: "CoursesUseCase",
      dependencies: [kit("DI"), kit("Infrastructure"), kit("UseCase"), "CoursesRepository"] + interfaces,
      path: "UseCase"),
    .target(
      name: "CoursesPresenter", dependencies: [kit("DI"), kit("Infrastructure"), kit("Presenter"), "CoursesUseCase"],
      path: "Presenter"),
    .target(
      name: "CoursesFeature",
      dependencies: [kit("DI"), kit("Infrastructure"), kit("FeatureKit"), argumentParser, "CoursesPresenter"]
        + interfaces,
      path: "Feature"),
    // Its loopback origin and its part of `make stress`.
    .target(
      name: "CoursesTesting",
      dependencies: [
        kit("DI"), kit("Infrastructure"), kit("Repository"), testKit("TestSupport"), testKit("Reliability"),
        "CoursesRepository",
      ],
      path: "Testing"),
    // Courses alone on the kits, through the app's own entry: `swift run CoursesHost courses`.
    .executableTarget(
      name: "CoursesHost", dependencies: [kit("FeatureKit"), argumentParser, "CoursesFeature"], path: "Host"),
    .testTarget(
      name: "CoursesTests",
      dependencies: layers.map { .target(name: $0) } + [
        "CoursesTesting", interface("CoursesInterfaceTesting"), interface("SearchInterfaceTesting"),
        kit("DI"), kit("Infrastructure"), kit("Repository"), kit("UseCase"), kit("Presenter"), kit("FeatureKit"),
        testKit("TestSupport"), testKit("Reliability"), testKit("TestScheduling"), testKit("ScreenTesting"),
        testKit("InfrastructureTesting"), testKit("UseCaseTesting"), testKit("FeatureKitTesting"), grdb, graphQL,
        argumentParser, .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        .product(name: "Clocks", package: "swift-clocks"),
      ] + interfaces,
      path: "Tests/CoursesTests",
      // Golden files (swift-snapshot-testing's), read by the tests from the source tree.
      exclude: ["__Snapshots__"]),
  ]
)
