import FlyingFox
import FlyingSocks
import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 with an ephemeral port, for tests and demos.
///
/// Install handlers with ``route(_:_:delay:handler:)``; every request is recorded (method, path,
/// raw query, headers, body) before it is dispatched, and accepted TCP connections are counted.
/// Each server has its own port and socket pool, so many can run in parallel in one process.
/// ``stop()`` closes it; releasing the last reference stops it too.
///
/// ```swift
/// let server = try await LoopbackServer.start()
/// server.route("GET", "/hello") { _ in .text("hi") }
/// let url = server.url("/hello")
/// ```
public final class LoopbackServer: Sendable {
  /// Answers one request. Handlers that wait must honour task cancellation so ``stop()`` can finish.
  public typealias Handler = @Sendable (LoopbackRequest) async throws -> LoopbackResponse

  /// The port the server listens on, on 127.0.0.1.
  public let port: UInt16
  /// `http://127.0.0.1:<port>`.
  public let baseURL: URL

  private let server: HTTPServer
  private let runTask: Task<Void, any Error>
  private let router: LoopbackRouter
  private let connections: ConnectionCountingLogger

  private init(
    port: UInt16, server: HTTPServer, runTask: Task<Void, any Error>, router: LoopbackRouter,
    connections: ConnectionCountingLogger
  ) {
    self.port = port
    self.baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    self.server = server
    self.runTask = runTask
    self.router = router
    self.connections = connections
  }

  deinit {
    runTask.cancel()
  }

  /// Starts a server on 127.0.0.1 with a port the system picks and waits until it listens.
  ///
  /// - Parameter handlerTimeout: how long a handler may take before the server answers 500 itself.
  public static func start(handlerTimeout: Duration = .seconds(60)) async throws -> LoopbackServer {
    let router = LoopbackRouter()
    let connections = ConnectionCountingLogger()
    let seconds = Double(handlerTimeout.components.seconds) + Double(handlerTimeout.components.attoseconds) / 1e18
    let configuration = HTTPServer.Configuration(
      address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0),
      timeout: seconds,
      pool: NoDelaySocketPool(base: HTTPServer.defaultPool()),
      logger: connections
    )
    let server = HTTPServer(config: configuration, handler: router)
    let runTask = Task { try await server.run() }
    do {
      try await server.waitUntilListening(timeout: 10)
    } catch {
      runTask.cancel()
      throw LoopbackServerError.notListening(underlying: "\(error)")
    }
    guard case .ip4(_, let port) = await server.listeningAddress else {
      runTask.cancel()
      throw LoopbackServerError.unexpectedAddress("\(String(describing: await server.listeningAddress))")
    }
    return LoopbackServer(port: port, server: server, runTask: runTask, router: router, connections: connections)
  }

  /// Starts a server, runs `body` with it, and stops it whether `body` returns or throws.
  public static func withServer<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LoopbackServer) async throws -> T
  ) async throws -> T {
    let server = try await start()
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  /// The absolute URL for `pathAndQuery` (already percent-encoded, e.g. `/search?q=a%20b`).
  public func url(_ pathAndQuery: String) -> URL {
    let suffix = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
    return URL(string: baseURL.absoluteString + suffix) ?? baseURL
  }

  /// Answers `method` (any method if `nil`) on `path` with `handler`, after waiting `delay`.
  ///
  /// `path` is matched against the percent-encoded request path; `*` matches one segment and a
  /// final `**` the rest. When several routes match, the one added last wins; unmatched requests get 404.
  public func route(_ method: String?, _ path: String, delay: Duration = .zero, handler: @escaping Handler) {
    router.add(LoopbackRouter.Entry(route: LoopbackRoute(method: method, path: path), delay: delay, handler: handler))
  }

  /// Answers `method` on `path` with `handler` once `hold` lets the request go (``RequestHold/release()``): an
  /// origin that has not answered yet, for as long as the test needs.
  public func route(_ method: String?, _ path: String, heldBy hold: RequestHold, handler: @escaping Handler) {
    route(method, path) { request in
      await hold.wait()
      return try await handler(request)
    }
  }

  /// Answers `method` on `path` with a fixed `response`, after waiting `delay`.
  public func route(_ method: String?, _ path: String, delay: Duration = .zero, response: LoopbackResponse) {
    route(method, path, delay: delay) { _ in response }
  }

  /// Every request received so far, in arrival order.
  public var requests: [LoopbackRequest] {
    router.requests
  }

  /// The requests received so far whose path is `path`.
  public func requests(to path: String) -> [LoopbackRequest] {
    router.requests.filter { $0.path == path }
  }

  /// Forgets the requests received so far.
  public func clearRequests() {
    router.clearRequests()
  }

  /// Waits until `count` requests have arrived and returns all received so far; throws after `timeout`, a guard
  /// against a request that never comes, not a measure of speed.
  public func waitForRequests(count: Int, timeout: Duration = .seconds(60)) async throws -> [LoopbackRequest] {
    let router = self.router
    return try await withThrowingTaskGroup(of: [LoopbackRequest]?.self) { group in
      group.addTask { await router.requests(atLeast: count) }
      group.addTask {
        try await Task.sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      if let first = try await group.next(), let requests = first {
        return requests
      }
      try Task.checkCancellation()
      throw LoopbackServerError.timedOut(expected: count, received: router.requests.count)
    }
  }

  /// TCP connections accepted so far.
  public var acceptedConnections: Int {
    connections.accepted
  }

  /// TCP connections accepted and not yet closed.
  public var openConnections: Int {
    connections.accepted - connections.closed
  }

  /// Stops listening, cancels running handlers, closes every connection and waits until all is done.
  public func stop() async {
    await server.stop(timeout: 0)
    runTask.cancel()
    _ = await runTask.result
  }
}
