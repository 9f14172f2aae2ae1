/// The certificate authorities a ``CurlHTTPClient`` trusts. Verification itself is always on.
///
/// With neither set, libcurl's built-in CA bundle and directory (the system's) are used. A file replaces the
/// system bundle and a directory the system directory, each on its own, as OpenSSL does for `SSL_CERT_FILE`
/// and `SSL_CERT_DIR`. They apply to the origin and to an `https://` proxy alike.
public struct TLSTrust: Sendable, Hashable {
  /// A PEM file of CA certificates (`CURLOPT_CAINFO`); `nil` keeps the system bundle.
  public var caFile: String?
  /// A directory of CA certificates named by subject hash, as `openssl rehash` makes it (`CURLOPT_CAPATH`);
  /// `nil` keeps the system directory.
  public var caDirectory: String?
  /// Why the trust settings cannot be used (`SSL_CERT_FILE` names no readable file): reported by the first https
  /// request, since plain http needs no trust at all.
  public var problem: ConfigurationError?

  /// Trusts the system's certificate authorities, plus or instead of the given ones.
  public init(caFile: String? = nil, caDirectory: String? = nil) {
    self.caFile = caFile
    self.caDirectory = caDirectory
  }

  /// Trust that fails every https request with `problem`.
  public static func unusable(_ problem: ConfigurationError) -> TLSTrust {
    var trust = TLSTrust()
    trust.problem = problem
    return trust
  }

  /// The system's certificate authorities only.
  public static let system = TLSTrust()
}
