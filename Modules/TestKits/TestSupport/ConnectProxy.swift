import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A forward proxy on 127.0.0.1 that serves `CONNECT` tunnels to loopback ports and records everything it sees.
///
/// It is the part of an HTTPS proxy that matters to a client: it reads the `CONNECT host:port` request, answers
/// `200`, then relays bytes both ways without looking at them. What crossed it is kept (``requestHeads``,
/// ``bytesFromClients``, ``bytesToClients``), so a test can check that a token sent through a tunnel never
/// appeared in clear. Tunnels go to 127.0.0.1 only (403 otherwise); any other method gets 405.
public final class ConnectProxy: Sendable {
  /// The port it listens on, on 127.0.0.1.
  public let port: UInt16
  private let core: ProxyCore

  private init(port: UInt16, core: ProxyCore) {
    self.port = port
    self.core = core
  }

  deinit {
    core.stop()
  }

  /// Starts listening on a free 127.0.0.1 port; connections are served on threads of their own.
  public static func start() throws -> ConnectProxy {
    let (listener, port) = try LoopbackSocket.listen()
    let core = ProxyCore(listener: listener)
    let thread = Thread { [core] in core.acceptLoop() }
    thread.name = "ConnectProxy"
    thread.start()
    return ConnectProxy(port: port, core: core)
  }

  /// `http://127.0.0.1:<port>`: the value for `HTTPS_PROXY`.
  public var url: String { "http://127.0.0.1:\(port)" }

  /// How many TCP connections it accepted.
  public var acceptedConnections: Int { core.state.withLock { $0.accepted } }

  /// The head (request line and header lines) of every request it received, in arrival order.
  public var requestHeads: [String] { core.state.withLock { $0.heads } }

  /// Every byte clients sent it, request heads and tunnelled bytes alike.
  public var bytesFromClients: Data { core.state.withLock { $0.fromClients } }

  /// Every byte it sent back to clients, its own answers and tunnelled bytes alike.
  public var bytesToClients: Data { core.state.withLock { $0.toClients } }

  /// Stops accepting and ends every tunnel.
  public func stop() {
    core.stop()
  }
}

/// The proxy's sockets and records, shared by its threads.
private final class ProxyCore: Sendable {
  struct State {
    var accepted = 0
    var heads: [String] = []
    var fromClients = Data()
    var toClients = Data()
    var open: Set<Int32> = []
    var stopped = false
  }

  let state = Mutex(State())
  private let listener: Int32

  init(listener: Int32) {
    self.listener = listener
  }

  func stop() {
    state.withLock { state in
      guard !state.stopped else { return }
      state.stopped = true
      // Wakes the accept loop and every blocked recv; each thread closes its own descriptors.
      shutdown(listener, Int32(SHUT_RDWR))
      for descriptor in state.open { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }
  }

  func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else {
        if errno == EINTR { continue }
        close(listener)
        return
      }
      guard track(client) else { continue }
      state.withLock { $0.accepted += 1 }
      Thread { [self] in self.serve(client) }.start()
    }
  }

  /// Records `descriptor` as open; closes it and answers false once the proxy is stopped.
  private func track(_ descriptor: Int32) -> Bool {
    let stopped = state.withLock { state in
      if !state.stopped { state.open.insert(descriptor) }
      return state.stopped
    }
    if stopped { close(descriptor) }
    return !stopped
  }

  private func release(_ descriptor: Int32) {
    state.withLock { _ = $0.open.remove(descriptor) }
    close(descriptor)
  }

  private func serve(_ client: Int32) {
    defer { release(client) }
    guard let (head, rest) = readHead(client) else { return }
    state.withLock { $0.heads.append(head) }
    let words = head.prefix { !$0.isNewline }.split(separator: " ")
    guard words.count == 3, words[0] == "CONNECT" else { return answer(client, "405 Method Not Allowed") }
    guard let colon = words[1].lastIndex(of: ":"), ["127.0.0.1", "localhost"].contains(words[1][..<colon]),
      let port = UInt16(words[1][words[1].index(after: colon)...])
    else { return answer(client, "403 Forbidden") }
    guard let upstream = LoopbackSocket.connect(port: port) else { return answer(client, "502 Bad Gateway") }
    guard track(upstream) else { return }
    defer { release(upstream) }
    answer(client, "200 Connection established")
    _ = rest.withUnsafeBytes { LoopbackSocket.sendAll(upstream, $0) }
    let finished = DispatchSemaphore(value: 0)
    Thread { [self] in
      relay(from: upstream, to: client, record: \.toClients)
      finished.signal()
    }.start()
    relay(from: client, to: upstream, record: \.fromClients)
    finished.wait()
  }

  /// Reads up to the blank line ending a request head (16 KiB at most); the head, and bytes read past it.
  private func readHead(_ client: Int32) -> (head: String, rest: Data)? {
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while received.count < 16 * 1024 {
      let count = LoopbackSocket.receive(client, into: &buffer)
      guard count > 0 else { return nil }
      received.append(contentsOf: buffer[0..<count])
      state.withLock { $0.fromClients.append(contentsOf: buffer[0..<count]) }
      if let end = received.range(of: Data("\r\n\r\n".utf8)) {
        return (String(decoding: received[..<end.upperBound], as: UTF8.self), Data(received[end.upperBound...]))
      }
    }
    return nil
  }

  private func answer(_ client: Int32, _ status: String) {
    let close = status.hasPrefix("200") ? "" : "Content-Length: 0\r\nConnection: close\r\n"
    let bytes = Data("HTTP/1.1 \(status)\r\n\(close)\r\n".utf8)
    state.withLock { $0.toClients.append(bytes) }
    _ = bytes.withUnsafeBytes { LoopbackSocket.sendAll(client, $0) }
  }

  /// Copies bytes until either side is done, then shuts both down so the other direction ends too.
  private func relay(from source: Int32, to destination: Int32, record: WritableKeyPath<State, Data>) {
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = LoopbackSocket.receive(source, into: &buffer)
      guard count > 0 else { break }
      state.withLock { $0[keyPath: record].append(contentsOf: buffer[0..<count]) }
      let sent = buffer.withUnsafeBytes {
        LoopbackSocket.sendAll(destination, UnsafeRawBufferPointer(rebasing: $0[0..<count]))
      }
      guard sent else { break }
    }
    shutdown(source, Int32(SHUT_RDWR))
    shutdown(destination, Int32(SHUT_RDWR))
  }
}
