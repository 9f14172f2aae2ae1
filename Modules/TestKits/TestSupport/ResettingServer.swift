import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP listener on 127.0.0.1 that resets every connection: at once, or after reading the request,
/// chosen at random per connection. Clients see "connection reset by peer" or an empty reply.
public final class ResettingServer: Sendable {
  /// The port it listens on.
  public let port: UInt16
  private let listener: Int32
  private let accepted = Atomic<Int>(0)

  private init(listener: Int32, port: UInt16) {
    self.listener = listener
    self.port = port
  }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

  /// How many connections were accepted (and reset).
  public var resets: Int { accepted.load(ordering: .relaxed) }

  /// Starts listening; connections are served on a thread of its own.
  public static func start(seed: UInt64 = 1) throws -> ResettingServer {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw LoopbackServerError.notListening(underlying: "socket() failed: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(socket, 64) == 0 else {
      close(socket)
      throw LoopbackServerError.notListening(underlying: "bind/listen failed: errno \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    let server = ResettingServer(listener: socket, port: UInt16(bigEndian: address.sin_port))
    let thread = Thread { [server] in server.serve(seed: seed) }
    thread.start()
    return server
  }

  /// Stops accepting; the serving thread ends.
  public func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func serve(seed: UInt64) {
    var state = seed
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      accepted.add(1, ordering: .relaxed)
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      if state >> 63 == 1 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = recv(connection, &buffer, buffer.count, 0)
      }
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
      close(connection)
    }
  }
}
