// swift-tools-version: 6.1
import PackageDescription

/// What the tests of every package share, as library products; no product of the app builds one.
///
/// - `TestSupport`: loopback servers (HTTP/1.1, HTTP/2, TLS, a CONNECT proxy, faults), pseudo-terminals, child
///   processes, a test certificate authority.
/// - `Reliability`: runs the built app or a feature's host as a user would, and the scenarios of `make stress`.
/// - `TestScheduling`: which tests may run beside which (`.timing` suites alone).
/// - `ScreenTesting`: `app ui`'s screens driven in process, keys in and frames out.
/// - The kits' test doubles, apart from the kits as swift-nio keeps `NIOEmbedded` apart from `NIOCore`: a clock
///   that moves when told (`InfrastructureTesting`), the double every interface's is made of (`UseCaseTesting`),
///   text written in memory (`FeatureKitTesting`).
let kit = { (name: String) -> Target.Dependency in .product(name: name, package: "Kits") }
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")

let package = Package(
  name: "ModularAppTestKits",
  platforms: [.macOS(.v15)],
  products: [
    "TestSupport", "Reliability", "TestScheduling", "ScreenTesting", "InfrastructureTesting", "UseCaseTesting",
    "FeatureKitTesting",
  ].map { .library(name: $0, targets: [$0]) },
  dependencies: [
    .package(path: "../Kits"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    .target(
      name: "TestSupport",
      dependencies: [
        .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      path: "TestSupport"),
    .target(name: "Reliability", dependencies: ["TestSupport", grdb], path: "Reliability"),
    .target(name: "TestScheduling", path: "TestScheduling"),
    .target(name: "ScreenTesting", dependencies: [kit("FeatureKit")], path: "ScreenTesting"),
    .target(name: "InfrastructureTesting", dependencies: [kit("Infrastructure")], path: "InfrastructureTesting"),
    .target(name: "UseCaseTesting", dependencies: [kit("UseCase")], path: "UseCaseTesting"),
    .target(name: "FeatureKitTesting", dependencies: [kit("FeatureKit")], path: "FeatureKitTesting"),
  ]
)
