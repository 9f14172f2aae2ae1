import Foundation
import Logging

/// The app's own settings, read from the environment in one place; features declare theirs as ``Setting``s.
///
/// ``settings`` also describes the variables the HTTP client reads itself (``TLSTrust``, ``HTTPProxySettings``).
///
/// - `APP_HOME`: the absolute directory holding the database; default `$XDG_DATA_HOME/modular-app`, else
///   `$HOME/.local/share/modular-app`.
/// - `APP_LOG_LEVEL`: trace, debug, info, notice, warning, error or critical (any case); default `warning`.
/// - `APP_HTTP_TIMEOUT`: seconds one HTTP request may take in all, 1 to 600; default 30.
/// - `APP_CACHE_MAX_MB`: megabytes the cache may hold, 1 to 100000; default 100.
/// - `APP_RELATED_TIMEOUT`: seconds a screen waits for what another feature adds to it, 1 to 60; default 1.5.
///
/// A variable set to the empty string counts as unset.
public struct AppConfiguration: Sendable, Equatable {
  /// The name of the app's directory under the XDG data home.
  public static let directoryName = "modular-app"

  /// The range of `APP_HTTP_TIMEOUT`, in seconds.
  static let httpTimeoutRange: ClosedRange<Double> = 1...600
  /// The range of `APP_CACHE_MAX_MB`, in megabytes.
  static let cacheMegabytesRange: ClosedRange<Double> = 1...100_000
  /// The range of `APP_RELATED_TIMEOUT`, in seconds.
  static let relatedTimeoutRange: ClosedRange<Double> = 1...60

  /// What `app help settings`, `app --help` and the README say about these settings.
  public static let settings: [SettingInfo] = [
    SettingInfo(
      variables: ["APP_HOME"],
      meaning:
        "directory of the app database (mode 0700, file 0600) and of the send locks (locks/); on a local file system",
      values: EnvironmentReader.directoryValues,
      defaultValue: "$XDG_DATA_HOME/modular-app, else ~/.local/share/modular-app"),
    SettingInfo(
      variables: ["APP_LOG_LEVEL"], meaning: "the lowest level of the log messages written to standard error",
      values: EnvironmentReader.logLevelValues, defaultValue: "warning"),
    SettingInfo(
      variables: ["APP_HTTP_TIMEOUT"], meaning: "how long one HTTP request may take in all, redirects included",
      values: EnvironmentReader.numberValues(in: httpTimeoutRange, unit: "seconds"), defaultValue: "30"),
    SettingInfo(
      variables: ["APP_CACHE_MAX_MB"],
      meaning: "how much the cache may hold; past it, and past 30 days, the entries fetched longest ago go",
      values: EnvironmentReader.numberValues(in: cacheMegabytesRange, unit: "megabytes"),
      defaultValue: "\(CacheLimits.defaultMaximumMegabytes)"),
    SettingInfo(
      variables: ["APP_RELATED_TIMEOUT"],
      meaning: "how long a screen waits for what another feature adds to it (related items)",
      values: EnvironmentReader.numberValues(in: relatedTimeoutRange, unit: "seconds"), defaultValue: "1.5"),
    SettingInfo(
      variables: [TLSTrust.fileVariable],
      meaning: "the certificate authorities to trust instead of the system's (https only)",
      values: "a readable PEM file of CA certificates", defaultValue: "the system bundle"),
    SettingInfo(
      variables: [TLSTrust.directoryVariable],
      meaning: "a directory of certificate authorities to trust instead of the system's (https only)",
      values: "a readable directory of CA certificates prepared with `openssl rehash`",
      defaultValue: "the system directory"),
    SettingInfo(
      variables: ["https_proxy", "HTTPS_PROXY"],
      meaning: "proxy for https requests, through a CONNECT tunnel (the proxy never sees the token)",
      values: "a proxy URL such as http://proxy.example:3128", defaultValue: "none"),
    SettingInfo(
      variables: ["http_proxy"], meaning: "proxy for plain http requests (lower case only, as curl reads it)",
      values: "a proxy URL such as http://proxy.example:3128", defaultValue: "none"),
    SettingInfo(
      variables: ["all_proxy", "ALL_PROXY"], meaning: "proxy for either scheme when its own variable is unset",
      values: "a proxy URL such as http://proxy.example:3128", defaultValue: "none"),
    SettingInfo(
      variables: ["no_proxy", "NO_PROXY"], meaning: "hosts reached without a proxy",
      values: "comma-separated host names, addresses and CIDR ranges, or * for every host", defaultValue: "none"),
  ]

  /// The directory that holds the app's database.
  public var homeDirectory: URL
  /// The lowest level of log messages that are written.
  public var logLevel: Logger.Level
  /// The total time one HTTP request may take, redirects included.
  public var httpTimeout: Duration
  /// How much the cache may keep.
  public var cacheLimits: CacheLimits
  /// How long a screen waits for what another feature adds to it; the screen is whole without it.
  public var relatedTimeout: Duration

  /// The HTTP timeout used when `APP_HTTP_TIMEOUT` is unset.
  public static let defaultHTTPTimeout = Duration.seconds(30)
  /// The wait for another feature's part of a screen when `APP_RELATED_TIMEOUT` is unset.
  public static let defaultRelatedTimeout = Duration.milliseconds(1500)

  /// Creates a configuration from explicit values.
  public init(
    homeDirectory: URL,
    logLevel: Logger.Level = .warning,
    httpTimeout: Duration = AppConfiguration.defaultHTTPTimeout,
    cacheLimits: CacheLimits = .standard,
    relatedTimeout: Duration = AppConfiguration.defaultRelatedTimeout
  ) {
    self.homeDirectory = homeDirectory
    self.logLevel = logLevel
    self.httpTimeout = httpTimeout
    self.cacheLimits = cacheLimits
    self.relatedTimeout = relatedTimeout
  }

  /// Everything wrong with the app's own settings in `environment`, each variable once (the TLS and proxy
  /// variables are the HTTP client's: it reports them when a request needs them).
  public static func problems(in environment: [String: String]) -> [ConfigurationError] {
    let reader = EnvironmentReader(environment: environment)
    var problems: [ConfigurationError] = []
    func check(_ read: () throws(ConfigurationError) -> Void) {
      do throws(ConfigurationError) { try read() } catch { problems.append(error) }
    }
    check { () throws(ConfigurationError) in _ = try reader.homeDirectory(appending: directoryName) }
    check { () throws(ConfigurationError) in _ = try reader.logLevel("APP_LOG_LEVEL") }
    check { () throws(ConfigurationError) in _ = try reader.seconds("APP_HTTP_TIMEOUT", in: httpTimeoutRange) }
    check { () throws(ConfigurationError) in
      _ = try reader.number("APP_CACHE_MAX_MB", in: cacheMegabytesRange, unit: "megabytes")
    }
    check { () throws(ConfigurationError) in _ = try reader.seconds("APP_RELATED_TIMEOUT", in: relatedTimeoutRange) }
    return problems
  }

  /// Reads the configuration from `environment` (usually `ProcessInfo.processInfo.environment`).
  ///
  /// - Throws: ``ConfigurationError`` naming the first variable whose value cannot be used.
  public init(environment: [String: String]) throws(ConfigurationError) {
    let reader = EnvironmentReader(environment: environment)
    let homeDirectory = try reader.homeDirectory(appending: Self.directoryName)
    let logLevel = try reader.logLevel("APP_LOG_LEVEL")
    let httpTimeout = try reader.seconds("APP_HTTP_TIMEOUT", in: Self.httpTimeoutRange)
    let cacheMegabytes = try reader.number("APP_CACHE_MAX_MB", in: Self.cacheMegabytesRange, unit: "megabytes")
    let relatedTimeout = try reader.seconds("APP_RELATED_TIMEOUT", in: Self.relatedTimeoutRange)
    self.init(
      homeDirectory: homeDirectory,
      logLevel: logLevel ?? .warning,
      httpTimeout: httpTimeout.map { .milliseconds(Int(($0 * 1000).rounded())) } ?? Self.defaultHTTPTimeout,
      cacheLimits: CacheLimits(
        maximumAge: CacheLimits.defaultMaximumAge,
        maximumBytes: Int(((cacheMegabytes ?? Double(CacheLimits.defaultMaximumMegabytes)) * 1_000_000).rounded())),
      relatedTimeout: relatedTimeout.map { .milliseconds(Int(($0 * 1000).rounded())) } ?? Self.defaultRelatedTimeout
    )
  }
}
