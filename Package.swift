// swift-tools-version: 6.1
import PackageDescription

/// The features the app ships, one entry each.
///
/// A feature named `Foo` is the target `FooFeature` in `Modules/Features/Foo` and the test target
/// `FooTests` in `Tests/FooTests`. `make feature NAME=Foo` creates both and adds the entry here;
/// the app's feature registry is generated from its dependencies at build time.
let features = [
  "Courses",
  "Search",
]

let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")

/// Everything a feature module may build on: every layer below it.
let featureDependencies: [Target.Dependency] = [
  "DI", "Infrastructure", "Repository", "UseCase", "Presenter", "FeatureKit", argumentParser,
]

let featureTargets: [Target] = features.flatMap { name -> [Target] in
  [
    .target(name: "\(name)Feature", dependencies: featureDependencies, path: "Modules/Features/\(name)"),
    .testTarget(
      name: "\(name)Tests",
      dependencies: [.target(name: "\(name)Feature"), "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        + featureDependencies,
      path: "Tests/\(name)Tests"
    ),
  ]
}

let package = Package(
  name: "ModularApp",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "app", targets: ["app"]),
    .library(name: "DI", targets: ["DI"]),
    // For Tools/Benchmarks, a package of its own that builds on these layers.
    .library(name: "Infrastructure", targets: ["Infrastructure"]),
    .library(name: "UseCase", targets: ["UseCase"]),
    .library(name: "FeatureKit", targets: ["FeatureKit"]),
    .library(name: "CoursesFeature", targets: ["CoursesFeature"]),
    .library(name: "TestSupport", targets: ["TestSupport"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
  ],
  targets: [
    // Layers, bottom to top. Dependencies only point down.
    .target(name: "DI", path: "Modules/DI", exclude: ["README.md"]),
    .systemLibrary(
      name: "CCurl",
      path: "Modules/CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .target(name: "CurlShim", dependencies: ["CCurl"], path: "Modules/CurlShim"),
    .target(
      name: "Infrastructure",
      dependencies: ["DI", "CurlShim", logging, .product(name: "GRDB", package: "GRDB.swift")],
      path: "Modules/Infrastructure"
    ),
    .target(
      name: "CoursesDemo",
      dependencies: [.product(name: "GraphQL", package: "GraphQL")],
      path: "Modules/CoursesDemo",
      exclude: ["courses.graphql"]
    ),
    .target(
      name: "Repository",
      dependencies: ["DI", "Infrastructure", "CoursesDemo", .product(name: "GRDB", package: "GRDB.swift")],
      path: "Modules/Repository"
    ),
    .target(name: "UseCase", dependencies: ["DI", "Infrastructure", "Repository"], path: "Modules/UseCase"),
    .target(
      name: "Presenter", dependencies: ["DI", "Infrastructure", "Repository", "UseCase"], path: "Modules/Presenter"),
    .target(
      name: "FeatureKit",
      dependencies: ["DI", "Infrastructure", "Repository", "UseCase", "Presenter", argumentParser, logging],
      path: "Modules/FeatureKit"
    ),

    // The thin executable. Its feature registry is generated from its feature dependencies.
    .executableTarget(
      name: "app",
      dependencies: ["FeatureKit", argumentParser] + features.map { .target(name: "\($0)Feature") },
      path: "Apps/app",
      plugins: ["FeatureRegistryPlugin"]
    ),

    // Tools.
    .executableTarget(name: "FeatureRegistryGenerator", path: "Tools/FeatureRegistryGenerator"),
    .plugin(
      name: "FeatureRegistryPlugin",
      capability: .buildTool(),
      dependencies: ["FeatureRegistryGenerator"],
      path: "Tools/Plugins/FeatureRegistryPlugin"
    ),
    .target(
      name: "TestSupport",
      dependencies: [
        "CoursesDemo",
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      path: "Tools/TestSupport"
    ),

    .target(
      name: "Reliability",
      dependencies: [
        "TestSupport", "Infrastructure", "Repository", "CoursesDemo", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Tools/Reliability"
    ),

    .executableTarget(name: "stress", dependencies: ["Reliability", "Infrastructure"], path: "Tools/Stress"),

    // Tests, one target per module.
    .testTarget(name: "DITests", dependencies: ["DI"], path: "Tests/DITests"),
    .testTarget(
      name: "InfrastructureTests",
      dependencies: ["Infrastructure", "DI", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
      path: "Tests/InfrastructureTests"
    ),
    .testTarget(
      name: "RepositoryTests",
      dependencies: ["Repository", "Infrastructure", "DI", "TestSupport"],
      path: "Tests/RepositoryTests"
    ),
    .testTarget(
      name: "UseCaseTests", dependencies: ["UseCase", "Repository", "Infrastructure", "DI"], path: "Tests/UseCaseTests"),
    .testTarget(
      name: "PresenterTests", dependencies: ["Presenter", "UseCase", "Repository", "Infrastructure", "DI"],
      path: "Tests/PresenterTests"),
    .testTarget(name: "FeatureKitTests", dependencies: ["FeatureKit"], path: "Tests/FeatureKitTests"),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "TestSupport", "Reliability", "FeatureKit", "Infrastructure", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Tests/AppTests"
    ),
  ] + featureTargets
)
