import ArgumentParser
import DI
import FeatureKit
import FeatureKitTesting
import TestScheduling
import Testing

@testable import SearchFeature

/// A root command with only this feature, as the app builds it.
struct SearchTestRoot: ParsableCommand {
  static var configuration: CommandConfiguration { Application.rootConfiguration(features: [SearchPlugin.self]) }
}

@Suite(.untimed) struct SearchPluginTests {
  @Test func pluginNamesItsCommand() {
    #expect(SearchPlugin.name == "search")
    #expect(!SearchPlugin.summary.isEmpty)
    #expect(ObjectIdentifier(SearchPlugin.command) == ObjectIdentifier(SearchCommand.self))
  }

  @Test func featureAssemblesOnTopOfEveryLayerIntoAValidGraph() throws {
    let app = Application(
      root: SearchTestRoot.self, features: [SearchPlugin.self], environment: ["APP_HOME": "/tmp/app-tests-home"],
      terminal: Terminal(output: CapturedText().sink, errors: CapturedText().sink))
    let ordered = try Assembler(app.assemblies()).ordered()
    let order = ordered.map { type(of: $0).assemblyName }
    #expect(
      Set(order) == [
        "InfrastructureAssembly", "RepositoryAssembly", "UseCaseAssembly", "PresenterAssembly",
        "SearchRepositoryAssembly", "SearchUseCaseAssembly", "SearchPresenterAssembly", "SearchFeatureAssembly",
        "AppFeaturesAssembly",
      ])
    for (position, assembly) in ordered.enumerated() {
      for dependency in type(of: assembly).dependencies {
        let at = order.firstIndex(of: dependency.assemblyName)
        #expect(at.map { $0 < position } == true, "\(order[position]) after \(dependency.assemblyName)")
      }
    }
    #expect(try Assembler(app.assemblies()).assemble().validate().isValid)
  }
}
