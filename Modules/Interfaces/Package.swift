// swift-tools-version: 6.1
import PackageDescription

/// What features offer each other: for every name below, `<Name>Interface` (protocols, plain values and the route
/// names of `app ui`'s screens, on the kits alone) and `<Name>InterfaceTesting` (its double, for the tests of the
/// features that use it), each a library product.
///
/// The list is kept here, not derived from the features, because an interface outlives the feature that offers it:
/// removing Courses keeps `CoursesInterface` while Search's manifest uses it. `make feature` adds a line for the
/// interface a new feature offers; an interface that no feature's manifest names any more may be removed with its
/// two folders.
// swift-format-ignore
let interfaces = [
  "Courses",
  "Search",
]

let kit = { (name: String) -> Target.Dependency in .product(name: name, package: "Kits") }

let package = Package(
  name: "ModularAppInterfaces",
  platforms: [.macOS(.v15)],
  products: interfaces.flatMap { name -> [Product] in
    [
      .library(name: name + "Interface", targets: [name + "Interface"]),
      .library(name: name + "InterfaceTesting", targets: [name + "InterfaceTesting"]),
    ]
  },
  dependencies: [
    .package(path: "../Kits"),
    .package(path: "../TestKits"),
  ],
  targets: interfaces.flatMap { name -> [Target] in
    let kits = [kit("DI"), kit("Repository"), kit("UseCase")]
    return [
      .target(name: name + "Interface", dependencies: kits, path: name + "Interface"),
      .target(
        name: name + "InterfaceTesting",
        dependencies: [.target(name: name + "Interface"), .product(name: "UseCaseTesting", package: "TestKits")]
          + kits,
        path: name + "InterfaceTesting"),
    ]
  }
)
