import Foundation
import PackagePlugin

/// Generates a target's registry of features from the feature modules it depends on.
///
/// Every direct dependency whose module name ends in `Feature` (for example `WeatherFeature`) is a feature; the
/// module must declare `public enum <Name>Plugin: FeaturePlugin`. Every one ending in `Testing` is a feature's
/// test support, which must declare `public enum <Name>Reliability: FeatureReliability`. The generated
/// `registeredFeatures()` and `registeredReliability()` list them in name order, so no source file of the app,
/// the stress tool or `AppTests` names a feature by hand.
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
      .filter { module in
        ["Feature", "Testing"].contains { module.hasSuffix($0) && module != $0 }
      }
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
