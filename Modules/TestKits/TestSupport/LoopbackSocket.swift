import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Blocking TCP sockets on 127.0.0.1 for the raw test servers (``ConnectProxy``, ``StallingTLSServer``) and for
/// waiting until a child process listens.
enum LoopbackSocket {
  /// A listening socket on 127.0.0.1 with a port the system picks, and that port.
  static func listen(backlog: Int32 = 64) throws(TestToolError) -> (descriptor: Int32, port: UInt16) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw .socket("socket() failed: errno \(errno)") }
    var address = loopbackAddress(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, Glibc.listen(descriptor, backlog) == 0 else {
      let code = errno
      close(descriptor)
      throw .socket("bind/listen on 127.0.0.1 failed: errno \(code)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }

  /// A 127.0.0.1 port nothing listens on now: bound to learn a free port, then closed.
  static func unusedPort() throws(TestToolError) -> UInt16 {
    let (descriptor, port) = try listen()
    close(descriptor)
    return port
  }

  /// A socket connected to 127.0.0.1:`port`, or `nil` when the connection is refused.
  static func connect(port: UInt16) -> Int32? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = loopbackAddress(port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// Whether something accepts TCP connections on 127.0.0.1:`port` (the probe connection is closed at once).
  static func isAccepting(port: UInt16) -> Bool {
    guard let descriptor = connect(port: port) else { return false }
    close(descriptor)
    return true
  }

  /// Writes all of `bytes`; returns false when the peer is gone.
  static func sendAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      guard let base = bytes.baseAddress else { return true }
      let sent = send(descriptor, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Reads what is available into `buffer`; 0 at end of stream or on error.
  static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      return max(count, 0)
    }
  }

  private static func loopbackAddress(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    return address
  }
}
