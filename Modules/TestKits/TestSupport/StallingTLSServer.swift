import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A server on 127.0.0.1 that accepts TCP connections and never answers: a TLS client's ClientHello waits
/// forever, so its handshake can only end by its own timeout. ``stop()`` closes every connection.
public final class StallingTLSServer: Sendable {
  /// The port it listens on, on 127.0.0.1.
  public let port: UInt16
  private let listener: Int32
  private let state = Mutex((accepted: 0, open: [Int32](), stopped: false))

  private init(listener: Int32, port: UInt16) {
    self.listener = listener
    self.port = port
  }

  deinit {
    stop()
  }

  /// Starts listening on a free port; connections are accepted on a thread of its own.
  public static func start() throws -> StallingTLSServer {
    let (listener, port) = try LoopbackSocket.listen()
    let server = StallingTLSServer(listener: listener, port: port)
    let thread = Thread { [weak server, listener] in
      while true {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else {
          if errno == EINTR { continue }
          close(listener)
          return
        }
        guard let server, server.hold(connection) else {
          close(connection)
          continue
        }
      }
    }
    thread.name = "StallingTLSServer"
    thread.start()
    return server
  }

  /// `https://127.0.0.1:<port>`.
  public var baseURL: URL { URL(string: "https://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

  /// How many connections it accepted.
  public var acceptedConnections: Int { state.withLock { $0.accepted } }

  /// Stops accepting and closes every connection held.
  public func stop() {
    state.withLock { state in
      guard !state.stopped else { return }
      state.stopped = true
      shutdown(listener, Int32(SHUT_RDWR))
      for connection in state.open { close(connection) }
      state.open = []
    }
  }

  /// Keeps `connection` open, unless the server is stopped.
  private func hold(_ connection: Int32) -> Bool {
    state.withLock { state in
      guard !state.stopped else { return false }
      state.accepted += 1
      state.open.append(connection)
      return true
    }
  }
}
