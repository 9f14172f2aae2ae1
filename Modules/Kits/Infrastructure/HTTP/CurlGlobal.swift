import CurlShim

/// libcurl, loaded and initialised once per process, on the first request.
///
/// The library is loaded at run time (see `CurlShim.h`), so a process that makes no request never loads it.
enum CurlGlobal {
  /// The result of loading libcurl and its one `curl_global_init` call; Swift runs a global's initialiser once,
  /// thread-safely.
  private static let initialization: CURLcode = curlshim_global_init()

  /// Whether this libcurl speaks HTTP/2.
  static let supportsHTTP2: Bool = curlshim_supports_http2() != 0

  /// Loads and initialises libcurl if that has not happened yet; returns an error if it failed.
  static func initialize() -> HTTPError? {
    let code = initialization
    guard code != CURLE_OK else { return nil }
    if let reason = curlshim_load_error() {
      return .transport(code: Int(code.rawValue), message: "libcurl could not be loaded: \(String(cString: reason))")
    }
    return .transport(code: Int(code.rawValue), message: "libcurl could not be initialised")
  }
}
