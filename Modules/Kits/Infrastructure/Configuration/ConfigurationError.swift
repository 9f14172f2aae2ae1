import Foundation

/// A setting in the environment the app cannot use; the message names the variable, the value and what
/// is expected.
public enum ConfigurationError: Error, Hashable, Sendable {
  /// `variable` holds `value`, which is not `expected`.
  case invalidValue(variable: String, value: String, expected: String)
  /// `variable` holds a token that cannot be used; the value is secret and never repeated.
  case invalidToken(variable: String)
  /// `variable`, a secret setting, holds a value that is not `expected`; the value is never repeated.
  case invalidSecret(variable: String, expected: String)
  /// None of `APP_HOME`, `XDG_DATA_HOME` and `HOME` says where to keep the app's data.
  case noHomeDirectory
}

extension ConfigurationError: CustomStringConvertible, LocalizedError {
  /// A one-line message that says what is wrong and what to do.
  public var description: String {
    switch self {
    case .invalidValue(let variable, let value, let expected):
      "\(variable) is set to \(Self.quoted(value)), but it must be \(expected). Fix or unset \(variable)."
    case .invalidToken(let variable):
      "\(variable) holds a token with spaces, line breaks or control characters. "
        + "Set it to the token alone, or unset it."
    case .invalidSecret(let variable, let expected):
      "\(variable) is set, but it must be \(expected); its value is secret and not shown. Fix or unset \(variable)."
    case .noHomeDirectory:
      "Cannot tell where to keep the app's data: HOME is not set. "
        + "Set APP_HOME (or XDG_DATA_HOME, or HOME) to an absolute directory path."
    }
  }

  /// The same problem told without the value it found, for a secret setting.
  public var withholdingValue: ConfigurationError {
    guard case .invalidValue(let variable, _, let expected) = self else { return self }
    return .invalidSecret(variable: variable, expected: expected)
  }

  /// The same as ``description``.
  public var errorDescription: String? { description }

  /// The value in quotes with control characters escaped, cut short when very long.
  private static func quoted(_ value: String) -> String {
    let limit = 200
    let shown = value.count > limit ? String(value.prefix(limit)) + "…" : value
    return String(reflecting: shown)
  }
}
