import Foundation

/// One environment variable a module reads, declared once with everything `app --help` and the README say
/// about it, and how its text becomes a value.
///
/// A feature declares its settings next to the code that uses them and reads them through ``Settings``:
///
/// ```swift
/// enum WeatherSettings {
///   static let apiURL = Setting.httpURL(
///     "WEATHER_API_URL", meaning: "the Weather API (http or https)", defaultValue: "the bundled demo forecast")
/// }
/// let url = try settings.value(of: WeatherSettings.apiURL)  // nil when unset
/// ```
///
/// A variable set to the empty string counts as unset.
public struct Setting<Value: Sendable>: Sendable {
  /// What users are told about the setting.
  public let info: SettingInfo
  /// Turns the variable's text into a value; `nil` when the text amounts to nothing (a blank token).
  private let parse: @Sendable (_ text: String, _ variable: String) throws(ConfigurationError) -> Value?

  /// Creates a setting from its description and a parser of the variable's text.
  public init(
    _ info: SettingInfo,
    parse: @escaping @Sendable (_ text: String, _ variable: String) throws(ConfigurationError) -> Value?
  ) {
    var info = info
    let variables = info.variables
    // A secret's parser may quote the text it rejects; its errors are told without the value, whoever reads it.
    let parse = info.isSecret ? Self.withholdingValues(of: parse) : parse
    info.problem = { environment in
      do throws(ConfigurationError) {
        _ = try Self.value(of: variables, in: environment, parse: parse)
        return nil
      } catch {
        return error
      }
    }
    self.info = info
    self.parse = parse
  }

  /// `parse`, with every error it throws told without the value it found.
  private static func withholdingValues(
    of parse: @escaping @Sendable (_ text: String, _ variable: String) throws(ConfigurationError) -> Value?
  ) -> @Sendable (_ text: String, _ variable: String) throws(ConfigurationError) -> Value? {
    { text, variable throws(ConfigurationError) in
      do throws(ConfigurationError) {
        return try parse(text, variable)
      } catch {
        throw error.withholdingValue
      }
    }
  }

  /// The value set in `environment`: the first of ``SettingInfo/variables`` that is set wins.
  func value(in environment: [String: String]) throws(ConfigurationError) -> Value? {
    try Self.value(of: info.variables, in: environment, parse: parse)
  }

  private static func value(
    of variables: [String], in environment: [String: String],
    parse: (_ text: String, _ variable: String) throws(ConfigurationError) -> Value?
  ) throws(ConfigurationError) -> Value? {
    for variable in variables {
      guard let text = environment[variable], !text.isEmpty else { continue }
      if let value = try parse(text, variable) { return value }
    }
    return nil
  }
}

/// What users are told about a ``Setting``: its variables, what it means, the values it takes, its default, whether
/// it is secret. `app help settings` (and the man page) is made of these, so a new setting explains itself there.
public struct SettingInfo: Sendable, Hashable {
  /// The variables read, in order of precedence (`EXAMPLE_TOKEN`, then `EXAMPLE_FALLBACK_TOKEN`).
  public let variables: [String]
  /// What the setting does, in a few words.
  public let meaning: String
  /// The values it takes, with their range and unit (`a number of seconds from 1 to 600`).
  public let values: String
  /// What applies when it is unset, in words (`https://api.example.com`, `none`).
  public let defaultValue: String
  /// Whether the value is a secret: never printed, logged or stored, and only sent where it belongs.
  public let isSecret: Bool
  /// What is wrong with the setting's value in an environment, if anything; known for every ``Setting``.
  var problem: (@Sendable ([String: String]) -> ConfigurationError?)?

  /// Creates a description.
  public init(variables: [String], meaning: String, values: String, defaultValue: String, isSecret: Bool = false) {
    self.variables = variables
    self.meaning = meaning
    self.values = values
    self.defaultValue = defaultValue
    self.isSecret = isSecret
  }

  /// The variables as users read them: `EXAMPLE_TOKEN, then EXAMPLE_FALLBACK_TOKEN`.
  public var variableList: String {
    variables.joined(separator: ", then ")
  }

  /// What is wrong in `environment` with any of `settings`, each reported once, in their order. A secret's
  /// value is never part of a message.
  public static func problems(of settings: [SettingInfo], in environment: [String: String]) -> [ConfigurationError] {
    settings.compactMap { $0.problem?(environment) }
  }

  /// Equal when everything users are told is equal.
  public static func == (lhs: SettingInfo, rhs: SettingInfo) -> Bool {
    (lhs.variables, lhs.meaning, lhs.values, lhs.defaultValue, lhs.isSecret)
      == (rhs.variables, rhs.meaning, rhs.values, rhs.defaultValue, rhs.isSecret)
  }

  /// Hashes what users are told.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(variables)
    hasher.combine(meaning)
    hasher.combine(values)
    hasher.combine(defaultValue)
    hasher.combine(isSecret)
  }
}

extension Setting where Value == URL {
  /// An absolute `http` or `https` URL with a host.
  public static func httpURL(_ variable: String, meaning: String, defaultValue: String) -> Setting<URL> {
    let info = SettingInfo(
      variables: [variable], meaning: meaning, values: EnvironmentReader.httpURLValues, defaultValue: defaultValue)
    return Setting(info) {
      text, variable throws(ConfigurationError) in try EnvironmentReader.httpURL(text, variable: variable)
    }
  }
}

extension Setting where Value == AccessToken {
  /// A secret token, read from the first of `variables` that holds one; surrounding whitespace is dropped.
  public static func token(_ variables: [String], meaning: String) -> Setting<AccessToken> {
    let info = SettingInfo(
      variables: variables, meaning: meaning, values: EnvironmentReader.tokenValues, defaultValue: "none",
      isSecret: true)
    return Setting(info) {
      text, variable throws(ConfigurationError) in try EnvironmentReader.token(text, variable: variable)
    }
  }
}
