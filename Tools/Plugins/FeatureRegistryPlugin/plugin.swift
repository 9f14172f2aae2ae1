import Foundation
import PackagePlugin

/// Generates the app's feature registry from the feature modules the app target depends on.
///
/// Every direct dependency whose module name ends in `Feature` (for example `CoursesFeature`) is a
/// feature; the module must declare `public enum <Name>Plugin: FeaturePlugin` (for example
/// `CoursesPlugin`). The generated `registeredFeatures()` lists them in name order, so no source
/// file of the app names a feature by hand.
@main
struct FeatureRegistryPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let modules = target.dependencies
      .compactMap { dependency -> String? in
        guard case .target(let dependencyTarget) = dependency,
          let module = dependencyTarget as? SourceModuleTarget
        else { return nil }
        return module.moduleName
      }
      .filter { $0.hasSuffix("Feature") && $0 != "Feature" }
      .sorted()
    let output = context.pluginWorkDirectoryURL.appending(path: "FeatureRegistry.swift")
    return [
      .buildCommand(
        displayName: "Generating the feature registry of \(target.name) (\(modules.joined(separator: ", ")))",
        executable: try context.tool(named: "FeatureRegistryGenerator").url,
        arguments: [output.path(percentEncoded: false)] + modules,
        inputFiles: [],
        outputFiles: [output]
      )
    ]
  }
}
