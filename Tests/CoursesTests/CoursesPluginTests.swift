import ArgumentParser
import DI
import FeatureKit
import Testing

@testable import CoursesFeature

/// A root command with only this feature, as the app builds it.
struct CoursesTestRoot: ParsableCommand {
  static var configuration: CommandConfiguration { Application.rootConfiguration(features: [CoursesPlugin.self]) }
}

@Suite struct CoursesPluginTests {
  @Test func pluginNamesItsCommand() {
    #expect(CoursesPlugin.name == "courses")
    #expect(!CoursesPlugin.summary.isEmpty)
    #expect(ObjectIdentifier(CoursesPlugin.command) == ObjectIdentifier(CoursesCommand.self))
  }

  @Test func featureAssemblesOnTopOfEveryLayerIntoAValidGraph() throws {
    let app = Application(
      root: CoursesTestRoot.self, features: [CoursesPlugin.self], environment: ["APP_HOME": "/tmp/app-tests-home"],
      terminal: Terminal(output: CapturedText().sink, errors: CapturedText().sink))
    let order = try Assembler(app.assemblies()).ordered().map { type(of: $0).assemblyName }
    #expect(order.last == "CoursesAssembly")
    #expect(try Assembler(app.assemblies()).assemble().validate().isValid)
  }
}
