/// A step that prepares a scenario failed, so the scenario could not run at all.
public struct ScenarioSetupError: Error, CustomStringConvertible {
  /// What failed.
  public let description: String

  /// The failure of a setup step, said in `description`.
  public init(description: String) {
    self.description = description
  }
}
