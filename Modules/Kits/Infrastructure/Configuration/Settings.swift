/// The process environment, read through declared ``Setting``s.
///
/// The infrastructure layer registers one; every module reads its own settings from it in its factories, so a
/// bad value fails the registration that needs it, with the variable's name and what it must be.
public struct Settings: Sendable {
  /// The environment the values come from.
  public let environment: [String: String]

  /// Creates settings over `environment` (the process environment in the app, a fixture in tests).
  public init(environment: [String: String]) {
    self.environment = environment
  }

  /// The value of `setting`, or `nil` when none of its variables is set.
  ///
  /// - Throws: ``ConfigurationError`` naming the variable whose value cannot be used.
  public func value<Value>(of setting: Setting<Value>) throws(ConfigurationError) -> Value? {
    try setting.value(in: environment)
  }

  /// The value of `setting`, or `defaultValue` when none of its variables is set.
  public func value<Value>(of setting: Setting<Value>, default defaultValue: Value) throws(ConfigurationError) -> Value
  {
    try setting.value(in: environment) ?? defaultValue
  }
}
