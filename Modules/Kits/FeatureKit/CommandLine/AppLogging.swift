import Infrastructure
import Logging

/// The process's logging: swift-log to standard error, at the level `APP_LOG_LEVEL` names.
enum AppLogging {
  /// Sends every logger to standard error at `environment`'s level, `warning` when it names none.
  ///
  /// A bad `APP_LOG_LEVEL` is not reported here but with every other bad setting, before a command runs.
  static func bootstrap(environment: [String: String]) {
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level(in: environment)
      return handler
    }
  }

  /// The level `environment` asks for; `warning` when `APP_LOG_LEVEL` is unset or bad.
  static func level(in environment: [String: String]) -> Logger.Level {
    (try? AppConfiguration(environment: environment))?.logLevel ?? .warning
  }
}
