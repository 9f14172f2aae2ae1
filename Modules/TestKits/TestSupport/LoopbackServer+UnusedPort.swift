import FlyingSocks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LoopbackServer {
  /// A 127.0.0.1 port that nothing listens on: bound to learn a free port, then closed.
  ///
  /// Connecting to it is refused, which is what tests of unreachable servers need.
  public static func unusedPort() throws -> UInt16 {
    let socket = try Socket(domain: AF_INET)
    defer { try? socket.close() }
    try socket.bind(to: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0))
    guard case .ip4(_, let port) = try socket.sockname() else {
      throw LoopbackServerError.unexpectedAddress("\(try socket.sockname())")
    }
    return port
  }
}
