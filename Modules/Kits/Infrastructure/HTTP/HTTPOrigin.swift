import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scheme, host and port a URL talks to; credentials never cross from one origin to another.
struct HTTPOrigin: Hashable, Sendable, CustomStringConvertible {
  /// `http` or `https`.
  let scheme: String
  /// The lower-cased host, without IPv6 brackets.
  let host: String
  /// The explicit port, or the scheme's default one.
  let port: Int

  /// The origin of `url`, or `nil` unless it is an `http`/`https` URL with a host.
  init?(_ url: URL) {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
    guard var host = url.host?.lowercased(), !host.isEmpty else { return nil }
    if host.hasPrefix("["), host.hasSuffix("]") {
      host = String(host.dropFirst().dropLast())
    }
    self.scheme = scheme
    self.host = host
    self.port = url.port ?? (scheme == "https" ? 443 : 80)
  }

  /// `scheme://host:port`.
  var description: String {
    host.contains(":") ? "\(scheme)://[\(host)]:\(port)" : "\(scheme)://\(host):\(port)"
  }

  /// Whether the host is `localhost`, an address in 127.0.0.0/8, or `::1` (IPv4-mapped loopback included).
  var isLoopback: Bool {
    if host == "localhost" { return true }
    var ipv4 = in_addr()
    if inet_pton(AF_INET, host, &ipv4) == 1 {
      return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
    }
    var ipv6 = in6_addr()
    guard inet_pton(AF_INET6, host, &ipv6) == 1 else { return false }
    let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
    let loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]
    let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
    return bytes == loopback || (Array(bytes.prefix(12)) == mappedPrefix && bytes[12] == 127)
  }

  /// Whether a request to this origin may carry credentials: only over TLS, or to a loopback host.
  var mayCarryCredentials: Bool {
    scheme == "https" || isLoopback
  }
}

extension URL {
  /// The host of this URL when the HTTP client never sends credentials to it (plain `http://` to a host that is
  /// not loopback), else `nil`.
  public var hostRefusingCredentials: String? {
    guard let origin = HTTPOrigin(self), !origin.mayCarryCredentials else { return nil }
    return origin.host
  }

  /// The URL as text with any user name and password removed, safe to show in errors.
  var withoutUserInfo: String {
    guard user != nil || password != nil,
      var components = URLComponents(url: self, resolvingAgainstBaseURL: true)
    else { return absoluteString }
    components.user = nil
    components.password = nil
    return components.string ?? "<URL with credentials>"
  }
}
