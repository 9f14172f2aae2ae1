/// Why a TLS test fixture (certificates, a child server, a raw socket server) could not be set up.
public enum TestToolError: Error, Sendable, CustomStringConvertible {
  /// A program the fixture runs is not installed.
  case missingTool(name: String, package: String)
  /// A program exited with a failure status; `output` is the end of what it printed.
  case commandFailed(command: String, status: Int32, output: String)
  /// A child server did not accept connections in time, or exited first; `output` is the end of its log.
  case notListening(command: String, output: String)
  /// A socket call failed.
  case socket(String)

  /// A one-line explanation with what to do.
  public var description: String {
    switch self {
    case .missingTool(let name, let package):
      return "\(name) is not installed: run `make setup` (it installs the Debian package \(package))"
    case .commandFailed(let command, let status, let output):
      return "`\(command)` exited with status \(status): \(output)"
    case .notListening(let command, let output):
      return "`\(command)` did not start listening on 127.0.0.1: \(output)"
    case .socket(let message):
      return message
    }
  }
}
