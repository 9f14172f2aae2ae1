import CoursesDemo
import Foundation
import Synchronization
import TestSupport

/// A Courses API on 127.0.0.1 for tests and demos: the contract schema over the demo catalog, served at
/// `/graphql`, with injectable latency and faults. It records which operation each request carried and how
/// many answers it had given when the request arrived, so tests count round trips by cause, not by clock.
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
    var operations: [String] = []
    /// For each request, in arrival order, how many answers had been given when it arrived.
    var answeredBefore: [Int] = []
    var answered = 0
    /// Gates the next requests go through, in order, each held until its batch is complete.
    var batches: [ArrivalGate] = []
    var batchSizes: [Int] = []
    var filled = true
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

  /// Holds the answers of the next requests until they have arrived in batches of `sizes`: the first
  /// `sizes[0]` requests are answered only once all of them are in, then the next `sizes[1]`, and so on. A client
  /// that sends fewer at once leaves a batch short; its requests are answered after 20 s, and
  /// ``batchesFilled`` says so.
  public func holdAnswers(inBatchesOf sizes: [Int]) {
    state.withLock {
      $0.batchSizes = sizes
      $0.batches = sizes.map { ArrivalGate(expected: $0) }
    }
  }

  /// Whether every batch of ``holdAnswers(inBatchesOf:)`` filled before its answers went out.
  public private(set) var batchesFilled: Bool {
    get { state.withLock { $0.filled } }
    set { state.withLock { $0.filled = newValue } }
  }

  /// The operation names of the requests received, in arrival order.
  public var operations: [String] { state.withLock { $0.operations } }

  /// How many requests were received.
  public var requestCount: Int { state.withLock { $0.operations.count } }

  /// How many round trips the requests took, by cause: a request that arrived after `n` answers had gone out
  /// may depend on them, so each distinct count of answers given before an arrival starts a new round trip.
  /// Requests sent together (all before any answer) are one round trip, however late the last one arrives.
  public var roundTrips: Int { Set(state.withLock { $0.answeredBefore }).count }

  /// Stops the server.
  public func stop() async {
    await server.stop()
  }

  /// Answers `request` as the origin's `/graphql` route does (recorded, delayed and faulted as set).
  public func answer(_ request: LoopbackRequest) async throws -> LoopbackResponse {
    let operation = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["operationName"]
    let (fault, delay, gate) = state.withLock { state in
      state.answeredBefore.append(state.answered)
      state.operations.append(operation as? String ?? "")
      var gate: ArrivalGate?
      var index = state.operations.count - 1
      for (batch, size) in zip(state.batches, state.batchSizes) {
        if index < size {
          gate = batch
          break
        }
        index -= size
      }
      return (state.fault, state.delay, gate)
    }
    defer { state.withLock { $0.answered += 1 } }
    if let gate, await !gate.arriveAndWait() { batchesFilled = false }
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
