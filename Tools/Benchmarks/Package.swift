// swift-tools-version: 6.1
import PackageDescription

// A package of its own, so that Swinject (what users would pick instead of DI) never enters the app's build.
// `make bench` builds it in release and runs it; see the README's "Performance" section.
let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // The root for its `app`; the kits, test kits and feature packages for what the benchmarks drive in process.
    .package(name: "ModularApp", path: "../.."),
    .package(path: "../../Modules/Kits"),
    .package(path: "../../Modules/TestKits"),
    .package(path: "../../Modules/Features/Courses"),
    .package(path: "../../Modules/Features/Search"),
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        .product(name: "DI", package: "Kits"),
        .product(name: "Infrastructure", package: "Kits"),
        .product(name: "UseCase", package: "Kits"),
        .product(name: "FeatureKit", package: "Kits"),
        .product(name: "FeatureKitTesting", package: "TestKits"),
        .product(name: "CoursesSlice", package: "Courses"),
        .product(name: "SearchSlice", package: "Search"),
        .product(name: "TestSupport", package: "TestKits"),
        .product(name: "Swinject", package: "Swinject"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Sources/Benchmarks"
    ),
    // The floor the app's processes are measured against: a minimal Foundation program, built like the app.
    .executableTarget(name: "Floor", path: "Sources/Floor"),
  ]
)
