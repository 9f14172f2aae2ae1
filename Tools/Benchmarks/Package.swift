// swift-tools-version: 6.1
import PackageDescription

// A package of its own, so that Swinject (what users would pick instead of DI) never enters the app's build.
// `make bench` builds it in release and runs it; see the README's "Performance" section.
let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "ModularApp", path: "../.."),
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        .product(name: "DI", package: "ModularApp"),
        .product(name: "Infrastructure", package: "ModularApp"),
        .product(name: "UseCase", package: "ModularApp"),
        .product(name: "FeatureKit", package: "ModularApp"),
        .product(name: "FeatureKitTesting", package: "ModularApp"),
        .product(name: "CoursesSlice", package: "ModularApp"),
        .product(name: "SearchSlice", package: "ModularApp"),
        .product(name: "TestSupport", package: "ModularApp"),
        .product(name: "Swinject", package: "Swinject"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Sources/Benchmarks"
    ),
    // The floor the app's processes are measured against: a minimal Foundation program, built like the app.
    .executableTarget(name: "Floor", path: "Sources/Floor"),
  ]
)
