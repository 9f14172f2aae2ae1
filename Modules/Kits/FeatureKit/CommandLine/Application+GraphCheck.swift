import DI

extension Application {
  /// The environment the build-time graph check assembles the app in: every setting unset but `APP_HOME`, so that
  /// nothing in the user's environment changes the result. Validating does no I/O, so the directory need not exist.
  public static let graphCheckEnvironment = ["APP_HOME": "/nonexistent/modular-app-graph-check"]

  /// Assembles the app built with `features` in ``graphCheckEnvironment`` and validates every registration.
  ///
  /// - Throws: ``/DI/AssemblyError`` when the assemblies themselves do not fit together.
  public static func validateGraph(features: [any FeaturePlugin.Type]) throws -> ValidationReport {
    let silent = Terminal(output: TextSink { _ in }, errors: TextSink { _ in })
    let app = Application(
      root: DICommand.self, features: features, environment: graphCheckEnvironment, terminal: silent)
    return try Assembler(app.assemblies()).assemble().validate()
  }
}
