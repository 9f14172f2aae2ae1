/// The app's name and version, as shown by `--version` and sent in the `User-Agent`.
public enum AppInfo {
  /// The executable's name.
  public static let name = "app"
  /// The release version (semantic versioning).
  public static let version = "0.1.0"
  /// The `User-Agent` header value every HTTP request sends.
  public static var userAgent: String { "modular-app/\(version)" }
}
