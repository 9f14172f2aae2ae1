import CurlShim

/// libcurl's process-wide initialisation, run exactly once.
enum CurlGlobal {
  /// The result of the one `curl_global_init` call; Swift runs a global's initialiser once, thread-safely.
  private static let initialization: CURLcode = curlshim_global_init()

  /// Whether this libcurl speaks HTTP/2.
  static let supportsHTTP2: Bool = curlshim_supports_http2() != 0

  /// Runs `curl_global_init` if it has not run yet; returns an error if it failed.
  static func initialize() -> HTTPError? {
    let code = initialization
    guard code != CURLE_OK else { return nil }
    return .transport(code: Int(code.rawValue), message: "libcurl could not be initialised")
  }
}
