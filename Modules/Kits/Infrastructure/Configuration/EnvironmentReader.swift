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

  /// What an http URL setting takes, as its errors and `app help settings` say it.
  static let httpURLValues = "an absolute http:// or https:// URL such as https://example.com/api"

  /// What a token setting takes, as `app help settings` says it.
  static let tokenValues = "the token alone, without spaces, line breaks or control characters"

  /// `raw`, the value of `variable`, as an absolute `http` or `https` URL with a host.
  static func httpURL(_ raw: String, variable: String) throws(ConfigurationError) -> URL {
    let invalid = ConfigurationError.invalidValue(variable: variable, value: raw, expected: httpURLValues)
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

  /// What a number setting takes, as its errors and `app help settings` say it: `a number of seconds from 1 to 600`.
  static func numberValues(in range: ClosedRange<Double>, unit: String) -> String {
    "a number of \(unit) from \(Int(range.lowerBound)) to \(Int(range.upperBound))"
  }

  /// What a log level setting takes: `one of trace, debug, …`.
  static var logLevelValues: String {
    "one of " + Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
  }

  /// A number of `unit` within `range`, or `nil` when unset.
  func number(_ name: String, in range: ClosedRange<Double>, unit: String) throws(ConfigurationError) -> Double? {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), number.isFinite, range.contains(number) else {
      throw .invalidValue(variable: name, value: text, expected: Self.numberValues(in: range, unit: unit))
    }
    return number
  }

  /// A swift-log level by name (any case), or `nil` when unset.
  func logLevel(_ name: String) throws(ConfigurationError) -> Logger.Level? {
    guard let raw = value(name) else { return nil }
    guard let level = Logger.Level(rawValue: raw.lowercased()) else {
      throw .invalidValue(variable: name, value: raw, expected: Self.logLevelValues)
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

  /// What a directory setting takes, as its errors and `app help settings` say it.
  static let directoryValues = "an absolute directory path such as /var/lib/app"

  private func absoluteDirectory(_ name: String, _ path: String) throws(ConfigurationError) -> URL {
    guard path.hasPrefix("/"), !path.utf8.contains(0) else {
      throw .invalidValue(variable: name, value: path, expected: Self.directoryValues)
    }
    let url = URL(fileURLWithPath: path, isDirectory: true)
    // Standardizing removes `.` and `..` components and empty ones (`//`); a path with neither a component that
    // starts with a dot nor two slashes in a row has none, and skipping it spares the first use of the generic
    // code it runs (a look-up in every conformance of the binary).
    return Self.mayNeedStandardizing(path) ? url.standardizedFileURL : url
  }

  /// Whether `path` has a component that starts with a dot, or an empty one (`//`). Read byte by byte: Foundation's
  /// `contains` of a string goes through `NSString`, whose first use costs more than the rest of the check.
  static func mayNeedStandardizing(_ path: String) -> Bool {
    var previous: UInt8 = 0
    for byte in path.utf8 {
      if previous == UInt8(ascii: "/"), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") { return true }
      previous = byte
    }
    return false
  }
}
