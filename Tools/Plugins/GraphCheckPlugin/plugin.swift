import Foundation
import PackagePlugin

/// Validates the app's dependency graph as a step of building the app, so a broken graph fails `swift build`.
///
/// The `GraphCheck` tool links every registered feature, assembles the app in a fixed environment and validates
/// it; a problem is printed as `<file>:<line>: error: <message>` at the registration that needs fixing, and the
/// build stops. Its output, a generated source the app compiles, makes the app's build wait for the check.
@main
struct GraphCheckPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "GraphCheck.swift")
    return [
      .buildCommand(
        displayName: "Validating the dependency graph of \(target.name)",
        executable: try context.tool(named: "GraphCheck").url,
        arguments: [output.path(percentEncoded: false)],
        inputFiles: [],
        outputFiles: [output]
      )
    ]
  }
}
