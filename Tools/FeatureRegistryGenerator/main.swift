import Foundation

// Usage: FeatureRegistryGenerator <output.swift> [<Name>Feature ...]
// Writes a Swift file whose `registeredFeatures()` returns `<Name>Feature.<Name>Plugin.self` for
// every module given. The file is rewritten only when its text changes, so an unchanged feature
// list costs no recompilation.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let outputPath = arguments.first else {
  FileHandle.standardError.write(Data("usage: FeatureRegistryGenerator <output.swift> [<Name>Feature ...]\n".utf8))
  exit(64)
}
let modules = arguments.dropFirst().sorted()
for module in modules where !module.hasSuffix("Feature") || module.count == "Feature".count {
  FileHandle.standardError.write(Data("error: '\(module)' is not a feature module name (<Name>Feature)\n".utf8))
  exit(64)
}

var text = """
  // Generated at build time by FeatureRegistryPlugin from the app target's feature dependencies.
  // Do not edit: add a feature to the `features` list in Package.swift instead.

  import FeatureKit

  """
for module in modules {
  text += "import \(module)\n"
}
let entries = modules.map { module in
  "    \(module).\(module.dropLast("Feature".count))Plugin.self,"
}
text += """

  /// Every feature the app is built with, in name order.
  func registeredFeatures() -> [any FeaturePlugin.Type] {
    [
  \(entries.joined(separator: "\n"))
    ]
  }

  """

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
