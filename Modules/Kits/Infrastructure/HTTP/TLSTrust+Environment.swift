import Foundation

extension TLSTrust {
  /// The variable naming a PEM file of CA certificates, the OpenSSL convention gh, git and Go programs follow.
  public static let fileVariable = "SSL_CERT_FILE"
  /// The variable naming a directory of hashed CA certificates.
  public static let directoryVariable = "SSL_CERT_DIR"

  /// Reads `SSL_CERT_FILE` and `SSL_CERT_DIR` from `environment`; an empty value counts as unset.
  ///
  /// - Throws: ``ConfigurationError/invalidValue(variable:value:expected:)`` naming the variable when the file
  ///   is not a readable file, or the directory not a readable directory.
  public init(environment: [String: String]) throws(ConfigurationError) {
    let file = environment[Self.fileVariable].flatMap { $0.isEmpty ? nil : $0 }
    let directory = environment[Self.directoryVariable].flatMap { $0.isEmpty ? nil : $0 }
    if let file, !Self.isReadable(file, directory: false) {
      throw .invalidValue(
        variable: Self.fileVariable, value: file, expected: "a readable PEM file of CA certificates")
    }
    if let directory, !Self.isReadable(directory, directory: true) {
      throw .invalidValue(
        variable: Self.directoryVariable, value: directory,
        expected: "a readable directory of CA certificates prepared with `openssl rehash`")
    }
    self.init(caFile: file, caDirectory: directory)
  }

  /// Whether `path` exists, is a directory exactly when `directory` is true, and can be read (and listed).
  private static func isReadable(_ path: String, directory: Bool) -> Bool {
    var isDirectory: ObjCBool = false
    let files = FileManager.default
    guard files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue == directory else {
      return false
    }
    return files.isReadableFile(atPath: path) && (!directory || files.isExecutableFile(atPath: path))
  }
}
