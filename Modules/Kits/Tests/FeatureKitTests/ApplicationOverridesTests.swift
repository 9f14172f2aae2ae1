import ArgumentParser
import DI
import FeatureKit
import FeatureKitTesting
import TestScheduling
import Testing

/// `Application`'s overrides: a test runs the app's whole command path with one registration swapped.
@Suite(.untimed) struct ApplicationOverridesTests {
  /// Runs `app greet` with `overrides` and returns its status and standard output.
  private func run(overrides: (@Sendable (Registrar) -> Void)? = nil) async -> (status: Int32, output: String) {
    let output = CapturedText()
    let app = Application(
      root: GreetingRoot.self, features: [GreetingPlugin.self], environment: ["APP_HOME": "/nonexistent/overrides"],
      terminal: Terminal(output: output.sink, errors: CapturedText().sink), overrides: overrides)
    return (await app.run(["greet"]), output.value)
  }

  @Test func withoutOverridesTheAssembledRegistrationAnswers() async {
    let result = await run()
    #expect(result.status == 0)
    #expect(result.output == "hello\n")
  }

  @Test func anOverrideReplacesOneRegistrationOnTheRealCommandPath() async {
    let result = await run(overrides: { $0.register(Greeting.self) { _ in Greeting(text: "overridden") } })
    #expect(result.status == 0)
    #expect(result.output == "overridden\n")
  }

  @Test func theContainerOfAnApplicationHasTheOverrides() throws {
    let app = Application(
      root: GreetingRoot.self, features: [GreetingPlugin.self], environment: ["APP_HOME": "/nonexistent/overrides"],
      terminal: Terminal(output: CapturedText().sink, errors: CapturedText().sink),
      overrides: { $0.register(Greeting.self) { _ in Greeting(text: "overridden") } })
    #expect(try app.container().resolve(Greeting.self).text == "overridden")
  }
}

private struct Greeting: Sendable {
  let text: String
}

private struct GreetingAssembly: Assembly {
  func assemble(into registrar: Registrar) {
    registrar.register(Greeting.self) { _ in Greeting(text: "hello") }
  }
}

/// `app greet`: prints the registered greeting.
private struct GreetCommand: ContainerCommand {
  static let configuration = CommandConfiguration(commandName: "greet", abstract: "Print the greeting.")

  func run(in context: CommandContext) async throws {
    context.terminal.output.line(try context.container.resolve(Greeting.self).text)
  }
}

private enum GreetingPlugin: FeaturePlugin {
  static var assemblies: [any Assembly] { [GreetingAssembly()] }
  static var command: any ParsableCommand.Type { GreetCommand.self }
}

private struct GreetingRoot: ParsableCommand {
  static var configuration: CommandConfiguration { Application.rootConfiguration(features: [GreetingPlugin.self]) }
}
