extension CurlHTTPClient {
  /// Limits and identity for a ``CurlHTTPClient``.
  public struct Configuration: Sendable, Hashable {
    /// The time allowed to establish a connection (TCP and TLS).
    public var connectTimeout: Duration
    /// The total time allowed for a request, redirects included, when the request sets none.
    public var timeout: Duration
    /// The largest response body accepted, in bytes; larger ones fail with ``HTTPError/tooLarge(limit:)``.
    public var maxResponseSize: Int
    /// How many redirects are followed before ``HTTPError/tooManyRedirects(limit:)``; 0 returns the 3xx as is.
    public var maxRedirects: Int
    /// The `User-Agent` sent when a request sets none.
    public var userAgent: String
    /// The certificate authorities trusted for TLS; verification itself is always on.
    public var trust: TLSTrust
    /// The proxies to use, handed to libcurl for every transfer; `nil` leaves the choice to libcurl, which then
    /// reads the proxy variables from the process environment itself.
    public var proxy: HTTPProxySettings?

    /// Creates a configuration; the defaults suit an interactive command-line app.
    public init(
      connectTimeout: Duration = .seconds(10),
      timeout: Duration = .seconds(30),
      maxResponseSize: Int = 20 * 1024 * 1024,
      maxRedirects: Int = 5,
      userAgent: String = "ModularApp",
      trust: TLSTrust = .system,
      proxy: HTTPProxySettings? = nil
    ) {
      self.connectTimeout = connectTimeout
      self.timeout = timeout
      self.maxResponseSize = maxResponseSize
      self.maxRedirects = maxRedirects
      self.userAgent = userAgent
      self.trust = trust
      self.proxy = proxy
    }
  }
}
