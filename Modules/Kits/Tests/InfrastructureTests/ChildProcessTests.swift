import Foundation
import TestScheduling
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// How the tests see a helper server (socat, nghttpd) listen: through the kernel's whole socket table.
@Suite(.untimed) struct ChildProcessTests {
  /// A listening socket on 127.0.0.1 with a port the system picks.
  static func listener() throws -> (descriptor: Int32, port: UInt16) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(descriptor >= 0 && bound == 0 && listen(descriptor, 4) == 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }

  @Test func theSocketTableIsReadToItsEndHoweverManySocketsAreOpen() throws {
    // More listening sockets than one page of /proc/net/tcp holds (about 27 rows of 150 bytes).
    let listeners = try (0..<80).map { _ in try Self.listener() }
    defer { for listener in listeners { close(listener.descriptor) } }

    let table = try #require(ChildProcess.wholeFile("/proc/net/tcp"))

    #expect(table.utf8.count > 80 * 100, "the table holds every socket: \(table.utf8.count) bytes")
    for listener in listeners {
      let local = ":" + String(format: "%04X", listener.port) + " "
      #expect(table.contains(local), "port \(listener.port) is in the table")
    }
  }
}
