import FlyingFox
import Foundation
import Synchronization

/// The FlyingFox handler behind a ``LoopbackServer``: records every request, then dispatches it.
final class LoopbackRouter: HTTPHandler, Sendable {
  /// A registered route.
  struct Entry: Sendable {
    let route: LoopbackRoute
    let delay: Duration
    let handler: LoopbackServer.Handler
  }

  private struct State {
    var routes: [Entry] = []
    var requests: [LoopbackRequest] = []
    var watchers: [Int: AsyncStream<Int>.Continuation] = [:]
    var nextWatcher = 0
  }

  private let state = Mutex(State())

  /// Adds a route; later routes win over earlier ones that match the same request.
  func add(_ entry: Entry) {
    state.withLock { $0.routes.append(entry) }
  }

  /// Every request received so far, in arrival order.
  var requests: [LoopbackRequest] {
    state.withLock { $0.requests }
  }

  /// Forgets the requests received so far.
  func clearRequests() {
    state.withLock { $0.requests.removeAll() }
  }

  /// Waits until at least `count` requests have arrived and returns them; `nil` if the task is cancelled.
  func requests(atLeast count: Int) async -> [LoopbackRequest]? {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let id = state.withLock { state in
      let id = state.nextWatcher
      state.nextWatcher += 1
      state.watchers[id] = continuation
      // Yielded under the lock, so no arrival between registering and this first value is lost.
      continuation.yield(state.requests.count)
      return id
    }
    defer {
      _ = state.withLock { $0.watchers.removeValue(forKey: id) }
      continuation.finish()
    }
    for await received in stream where received >= count {
      return requests
    }
    return nil
  }

  func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
    var headers: [String: String] = [:]
    for (name, value) in request.headers {
      headers[name.rawValue] = value
    }
    let recorded = LoopbackRequest(
      method: request.method.rawValue,
      path: request.target.path(),
      rawQuery: request.target.query(),
      headers: headers,
      body: try await request.bodyData
    )
    let entry = state.withLock { state -> Entry? in
      state.requests.append(recorded)
      for watcher in state.watchers.values {
        watcher.yield(state.requests.count)
      }
      return state.routes.last { $0.route.matches(method: recorded.method, path: recorded.path) }
    }
    guard let entry else {
      return LoopbackResponse.text("No route for \(recorded.method) \(recorded.path)", status: 404).flyingFoxResponse
    }
    if entry.delay > .zero {
      try await Task.sleep(for: entry.delay)
    }
    return try await entry.handler(recorded).flyingFoxResponse
  }
}

extension LoopbackResponse {
  /// The response in FlyingFox's terms.
  var flyingFoxResponse: FlyingFox.HTTPResponse {
    var fields = FlyingFox.HTTPHeaders()
    for (name, value) in headers {
      fields[HTTPHeader(name)] = value
    }
    let statusCode = HTTPStatusCode(status, phrase: Self.reasonPhrase(for: status))
    guard isChunked else {
      return FlyingFox.HTTPResponse(statusCode: statusCode, headers: fields, body: body)
    }
    return FlyingFox.HTTPResponse(
      statusCode: statusCode,
      headers: fields,
      body: HTTPBodySequence(from: DataChunks(data: body), suggestedBufferSize: 64 * 1024)
    )
  }

  /// A reason phrase for the status line; clients ignore it.
  static func reasonPhrase(for status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 422: "Unprocessable Entity"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status \(status)"
    }
  }
}
