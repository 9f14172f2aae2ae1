/// The proxies a ``CurlHTTPClient`` uses, read from the environment the way curl reads it.
///
/// An `https://` origin is reached through a `CONNECT` tunnel, so headers such as `Authorization` travel only
/// inside TLS and the proxy sees the host and port alone. The settings are handed to libcurl explicitly for
/// every transfer (`CURLOPT_PROXY`, `CURLOPT_NOPROXY`), so the environment the client was given decides, not
/// whatever the process environment holds when a transfer starts.
public struct HTTPProxySettings: Sendable, Hashable {
  /// The proxy for `https://` URLs, a URL such as `http://proxy.example:3128`; `nil` for none.
  public var httpsProxy: String?
  /// The proxy for `http://` URLs; `nil` for none.
  public var httpProxy: String?
  /// The hosts reached directly, curl's `NO_PROXY` syntax: comma-separated names (matching subdomains too),
  /// IP addresses, CIDR ranges, or `*` for every host.
  public var noProxy: String?

  /// Creates settings from explicit values.
  public init(httpsProxy: String? = nil, httpProxy: String? = nil, noProxy: String? = nil) {
    self.httpsProxy = httpsProxy
    self.httpProxy = httpProxy
    self.noProxy = noProxy
  }

  /// Reads the proxy variables with curl's rules; an empty value counts as unset.
  ///
  /// - `https_proxy`, then `HTTPS_PROXY`, for `https://` URLs;
  /// - `http_proxy` for `http://` URLs: like curl, never the upper-case `HTTP_PROXY`, which a CGI
  ///   server sets from a request's `Proxy:` header;
  /// - `all_proxy`, then `ALL_PROXY`, for either when the scheme's own variable is unset;
  /// - `no_proxy`, then `NO_PROXY`, for the hosts to reach directly.
  public init(environment: [String: String]) {
    func value(_ names: String...) -> String? {
      names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }
    let fallback = value("all_proxy", "ALL_PROXY")
    self.init(
      httpsProxy: value("https_proxy", "HTTPS_PROXY") ?? fallback,
      httpProxy: value("http_proxy") ?? fallback,
      noProxy: value("no_proxy", "NO_PROXY"))
  }

  /// The value for `CURLOPT_PROXY` for a URL with `scheme`: the proxy, or `""`, which tells libcurl to use none
  /// (and not to look at the process environment).
  func proxy(forScheme scheme: String) -> String {
    (scheme.lowercased() == "https" ? httpsProxy : httpProxy) ?? ""
  }
}
