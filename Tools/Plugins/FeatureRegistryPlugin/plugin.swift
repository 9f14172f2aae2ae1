import Foundation
import PackagePlugin

/// Generates a target's registry of features from the feature packages it depends on.
///
/// A feature is a package under `Modules/Features/<Name>`; of the modules the target reaches through its direct
/// dependencies on those packages' products, every one named `<Name>Feature` is a feature's top, which must
/// declare `public enum <Name>Plugin: FeaturePlugin`, and every one named `<Name>Testing` is its test support,
/// which must declare `public enum <Name>Reliability: FeatureReliability`. Modules of other packages (the kits'
/// `FeatureKit`, the test kits' `InfrastructureTesting`, the interfaces' doubles) are never read as features. The
/// generated `registeredFeatures()` and `registeredReliability()` list them in name order, so no source file of the
/// app, the stress tool or `AppTests` names a feature by hand.
@main
struct FeatureRegistryPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let features = context.package.directoryURL.appending(path: "Modules/Features").standardizedFileURL.path
    let reached = target.dependencies.flatMap { dependency -> [Target] in
      switch dependency {
      case .target(let target): [target]
      case .product(let product): product.targets
      @unknown default: []
      }
    }
    let modules = Set(
      reached.compactMap { reached -> String? in
        guard let module = reached as? SourceModuleTarget else { return nil }
        // The feature's own folder: Modules/Features/<Name>/<layer folder>.
        let folder = module.directoryURL.standardizedFileURL.deletingLastPathComponent().deletingLastPathComponent()
        guard folder.path == features else { return nil }
        let name = module.directoryURL.standardizedFileURL.deletingLastPathComponent().lastPathComponent
        return [name + "Feature", name + "Testing"].contains(module.moduleName) ? module.moduleName : nil
      }
    ).sorted()
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
