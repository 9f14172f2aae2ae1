import Foundation
import PackagePlugin

/// Embeds the text of every `.graphql` file in a target's folder as `EmbeddedText.<name>`, generated at build time.
///
/// The file stays the one copy: the target excludes it from its sources, the build embeds it, and tests, tools and
/// readers open the same file. A rebuild follows every change to it.
@main
struct EmbedTextPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = target.directoryURL
    let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "graphql" }
      .sorted { $0.path < $1.path }
    guard !files.isEmpty else { return [] }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedText.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.map(\.lastPathComponent).joined(separator: ", ")) in \(target.name)",
        executable: try context.tool(named: "TextEmbedder").url,
        arguments: [output.path(percentEncoded: false), "EmbeddedText"] + files.map { $0.path(percentEncoded: false) },
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }
}
