import Foundation
import Logging

/// Reads and validates single environment variables for ``AppConfiguration`` and ``Setting``.
struct EnvironmentReader {
  let environment: [String: String]

  /// The value of `name`, or `nil` when it is unset or empty.
  func value(_ name: String) -> String? {
    guard let value = environment[name], !value.isEmpty else { return nil }
    return value
  }

  /// An absolute `http` or `https` URL with a host, or `nil` when unset.
  func httpURL(_ name: String) throws(ConfigurationError) -> URL? {
    guard let raw = value(name) else { return nil }
    return try Self.httpURL(raw, variable: name)
  }

  /// `raw`, the value of `variable`, as an absolute `http` or `https` URL with a host.
  static func httpURL(_ raw: String, variable: String) throws(ConfigurationError) -> URL {
    let invalid = ConfigurationError.invalidValue(
      variable: variable,
      value: raw,
      expected: "an absolute http:// or https:// URL such as https://example.com/api"
    )
    guard !raw.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }),
      let components = URLComponents(string: raw),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty,
      let url = components.url
    else { throw invalid }
    return url
  }

  /// `raw`, the value of `variable`, as a token; `nil` when it is only whitespace. Surrounding whitespace (a
  /// trailing newline from a file) is dropped.
  static func token(_ raw: String, variable: String) throws(ConfigurationError) -> AccessToken? {
    let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty { return nil }
    guard let token = AccessToken(trimmed) else { throw .invalidToken(variable: variable) }
    return token
  }

  /// A number of seconds within `range`, or `nil` when unset.
  func seconds(_ name: String, in range: ClosedRange<Double>) throws(ConfigurationError) -> Double? {
    try number(name, in: range, unit: "seconds")
  }

  /// A number of `unit` within `range`, or `nil` when unset.
  func number(_ name: String, in range: ClosedRange<Double>, unit: String) throws(ConfigurationError) -> Double? {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), number.isFinite, range.contains(number) else {
      throw .invalidValue(
        variable: name, value: text,
        expected: "a number of \(unit) from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
    }
    return number
  }

  /// A swift-log level by name (any case), or `nil` when unset.
  func logLevel(_ name: String) throws(ConfigurationError) -> Logger.Level? {
    guard let raw = value(name) else { return nil }
    guard let level = Logger.Level(rawValue: raw.lowercased()) else {
      let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
      throw .invalidValue(variable: name, value: raw, expected: "one of \(names)")
    }
    return level
  }

  /// `APP_HOME`, else `$XDG_DATA_HOME/<directoryName>`, else `$HOME/.local/share/<directoryName>`.
  ///
  /// A relative `XDG_DATA_HOME` is ignored, as the XDG Base Directory specification asks.
  func homeDirectory(appending directoryName: String) throws(ConfigurationError) -> URL {
    if let appHome = value("APP_HOME") {
      return try absoluteDirectory("APP_HOME", appHome)
    }
    if let dataHome = value("XDG_DATA_HOME"), dataHome.hasPrefix("/") {
      return URL(fileURLWithPath: dataHome, isDirectory: true).appendingPathComponent(directoryName)
    }
    guard let home = value("HOME") else { throw .noHomeDirectory }
    return try absoluteDirectory("HOME", home)
      .appendingPathComponent(".local/share", isDirectory: true)
      .appendingPathComponent(directoryName, isDirectory: true)
  }

  private func absoluteDirectory(_ name: String, _ path: String) throws(ConfigurationError) -> URL {
    guard path.hasPrefix("/"), !path.contains("\0") else {
      throw .invalidValue(variable: name, value: path, expected: "an absolute directory path such as /var/lib/app")
    }
    return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
  }
}
