import FlyingSocks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A socket pool that turns Nagle's algorithm off on every socket it waits for.
///
/// FlyingFox writes a response's head and body in separate `send` calls. With Nagle on, the body
/// waits for the client's delayed ACK of the head (about 40 ms on Linux), so every kept-alive
/// request would take 40 ms. The listening socket reaches this pool first (its `accept` would block),
/// and Linux copies `TCP_NODELAY` to the connections it accepts; connections are also set when
/// they wait for their next request.
struct NoDelaySocketPool: AsyncSocketPool {
  let base: any AsyncSocketPool

  func prepare() async throws {
    try await base.prepare()
  }

  func run() async throws {
    try await base.run()
  }

  func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
    var enabled: Int32 = 1
    // Fails harmlessly on sockets that are not TCP.
    _ = setsockopt(socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
    try await base.suspendSocket(socket, untilReadyFor: events)
  }
}
