import CoursesDemo
import Foundation
import Synchronization
import TestSupport

/// A Courses API on 127.0.0.1 for tests and demos: the contract schema over the demo catalog, served at
/// `/graphql`, with injectable latency and faults. It records when each request arrived and which
/// operation it carried, so tests can count round trips.
public final class CoursesOrigin: Sendable {
  /// What the origin does instead of answering normally.
  public enum Fault: Sendable, Hashable {
    /// Answers normally.
    case none
    /// Answers with this status and body.
    case status(Int, body: String)
    /// Answers 200 with a body that is not JSON.
    case malformedJSON
    /// Answers 200 with a JSON document cut in the middle.
    case truncatedJSON
    /// Answers 200 with a GraphQL `errors` array holding `message`.
    case graphQLErrors(String)
    /// Never answers (until the client gives up).
    case hang
  }

  private struct State {
    var fault = Fault.none
    var delay = Duration.zero
    var arrivals: [ContinuousClock.Instant] = []
    var operations: [String] = []
  }

  /// The HTTP server.
  public let server: LoopbackServer
  private let graphQL: CoursesGraphQLServer
  private let state = Mutex(State())

  private init(server: LoopbackServer, graphQL: CoursesGraphQLServer) {
    self.server = server
    self.graphQL = graphQL
  }

  /// Starts an origin serving `catalog` (the bundled demo catalog by default).
  public static func start(catalog: DemoCatalog? = nil) async throws -> CoursesOrigin {
    let origin = CoursesOrigin(
      server: try await LoopbackServer.start(), graphQL: try CoursesGraphQLServer(catalog: catalog ?? .bundled()))
    origin.server.route("POST", "/graphql") { [weak origin] request in
      guard let origin else { return .empty(status: 503) }
      return try await origin.answer(request)
    }
    return origin
  }

  /// The GraphQL endpoint, for `COURSES_API_URL`.
  public var endpoint: URL { server.url("/graphql") }

  /// Makes every later request fail with `fault` (``Fault/none`` to answer normally again).
  public func setFault(_ fault: Fault) {
    state.withLock { $0.fault = fault }
  }

  /// Makes every later request wait `delay` before it is answered.
  public func setDelay(_ delay: Duration) {
    state.withLock { $0.delay = delay }
  }

  /// The operation names of the requests received, in arrival order.
  public var operations: [String] { state.withLock { $0.operations } }

  /// How many requests were received.
  public var requestCount: Int { state.withLock { $0.arrivals.count } }

  /// How many waves of requests came in: requests arriving within `window` of a wave's first join it.
  public func roundTrips(window: Duration = .milliseconds(100)) -> Int {
    let arrivals = state.withLock { $0.arrivals }.sorted()
    var waves = 0
    var waveStart: ContinuousClock.Instant?
    for arrival in arrivals where waveStart.map({ arrival - $0 > window }) ?? true {
      waves += 1
      waveStart = arrival
    }
    return waves
  }

  /// Stops the server.
  public func stop() async {
    await server.stop()
  }

  /// Answers `request` as the origin's `/graphql` route does (recorded, delayed and faulted as set).
  public func answer(_ request: LoopbackRequest) async throws -> LoopbackResponse {
    let operation = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["operationName"]
    let (fault, delay) = state.withLock { state in
      state.arrivals.append(.now)
      state.operations.append(operation as? String ?? "")
      return (state.fault, state.delay)
    }
    if delay > .zero { try await Task.sleep(for: delay) }
    switch fault {
    case .none:
      let body = await graphQL.respond(to: request.body)
      return LoopbackResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    case .status(let code, let body):
      return LoopbackResponse(status: code, headers: ["Content-Type": "text/html"], body: Data(body.utf8))
    case .malformedJSON:
      return .json("<<not json>>")
    case .truncatedJSON:
      return .json(#"{"data": {"categories": [{"id": "swift", "na"#)
    case .graphQLErrors(let message):
      return .json(#"{"data": null, "errors": [{"message": "\#(message)"}]}"#)
    case .hang:
      try await Task.sleep(for: .seconds(3600))
      return .empty(status: 504)
    }
  }
}
