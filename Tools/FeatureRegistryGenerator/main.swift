import Foundation

// Usage: FeatureRegistryGenerator <output.swift> [<Name>Feature | <Name>Testing ...]
// Writes a Swift file with, for the modules given:
// - `registeredFeatures()`, returning `<Name>Feature.<Name>Plugin.self` for every `<Name>Feature` module;
// - `registeredReliability()`, returning `<Name>Testing.<Name>Reliability.self` for every `<Name>Testing` module.
// The file is rewritten only when its text changes, so an unchanged feature list costs no recompilation.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let outputPath = arguments.first else {
  FileHandle.standardError.write(Data("usage: FeatureRegistryGenerator <output.swift> [<Name>Feature ...]\n".utf8))
  exit(64)
}

/// A kind of module the registry lists: its suffix, the type each module declares, the protocol it conforms to.
struct Kind {
  let suffix: String
  let typeSuffix: String
  let protocolName: String
  let protocolModule: String
  let function: String
  let summary: String
}

let kinds = [
  Kind(
    suffix: "Feature", typeSuffix: "Plugin", protocolName: "FeaturePlugin", protocolModule: "FeatureKit",
    function: "registeredFeatures", summary: "Every feature the app is built with, in name order."),
  Kind(
    suffix: "Testing", typeSuffix: "Reliability", protocolName: "FeatureReliability", protocolModule: "Reliability",
    function: "registeredReliability", summary: "Every feature's reliability scenarios, in name order."),
]

let modules = arguments.dropFirst().sorted()
for module in modules where !kinds.contains(where: { module.hasSuffix($0.suffix) && module.count > $0.suffix.count }) {
  FileHandle.standardError.write(Data("error: '\(module)' is not a feature module name (<Name>Feature)\n".utf8))
  exit(64)
}

// The app's own commands: a feature of the same name would hide one, or be hidden.
let appCommands: Set<String> = ["ui", "di", "cache", "help", "settings"]
for module in modules where module.hasSuffix("Feature") {
  let command = module.dropLast("Feature".count).lowercased()
  guard appCommands.contains(command) else { continue }
  let name = module.dropLast("Feature".count)
  FileHandle.standardError.write(
    Data("error: a feature named '\(name)' would be `app \(command)`, the app's own command; rename it\n".utf8))
  exit(64)
}

var imports: Set<String> = []
var functions: [String] = []
for kind in kinds {
  let matching = modules.filter { $0.hasSuffix(kind.suffix) }
  guard !matching.isEmpty else { continue }
  imports.insert(kind.protocolModule)
  imports.formUnion(matching)
  let entries = matching.map { module in
    "    \(module).\(module.dropLast(kind.suffix.count))\(kind.typeSuffix).self,"
  }
  functions.append(
    """

    /// \(kind.summary)
    func \(kind.function)() -> [any \(kind.protocolName).Type] {
      [
    \(entries.joined(separator: "\n"))
      ]
    }

    """)
}

let text = """
  // Generated at build time by FeatureRegistryPlugin from the target's feature dependencies.
  // Do not edit: add a feature to the `features` list in Package.swift instead.


  """ + imports.sorted().map { "import \($0)\n" }.joined() + functions.joined()

let url = URL(fileURLWithPath: outputPath)
if (try? String(contentsOf: url, encoding: .utf8)) != text {
  do {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  } catch {
    FileHandle.standardError.write(Data("error: cannot write \(outputPath): \(error)\n".utf8))
    exit(1)
  }
}
