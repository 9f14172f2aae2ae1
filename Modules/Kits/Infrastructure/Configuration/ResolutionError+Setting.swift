import DI

extension ResolutionError {
  /// The setting problem at the root of this failure: a factory's own, or that of a factory it resolved; `nil`
  /// when the failure is anything else (a wiring mistake).
  public var settingProblem: ConfigurationError? {
    guard case .factoryFailed(_, _, let underlying, _) = self else { return nil }
    switch underlying {
    case let problem as ConfigurationError: return problem
    case let nested as ResolutionError: return nested.settingProblem
    default: return nil
    }
  }
}
