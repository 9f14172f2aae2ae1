import Foundation
import Synchronization

/// What a ``FaultServer`` does to every request.
public enum Fault: String, CaseIterable, Sendable {
  /// Answers normally.
  case none
  /// Answers normally after 500 ms.
  case latency
  /// HTTP 500 with a plain body.
  case http500
  /// A proxy's HTML 502 page.
  case html502
  /// HTTP 200 with a body that is not JSON.
  case malformedJSON
  /// HTTP 200 with the normal JSON cut in half.
  case truncatedJSON
  /// HTTP 200 with the normal JSON, every string turned into a number and every number into a string.
  case wrongTypes
  /// A GraphQL `errors` answer (the GitHub routes answer normally).
  case graphQLErrors
  /// A used-up rate limit: GitHub's 403 with `x-ratelimit-remaining: 0`; 429 with `retry-after` elsewhere.
  case rateLimited
  /// Accepts the request and never answers.
  case stall
  /// HTTP 200 with a 60 MiB body.
  case hugeBody
  /// A 307 to the same path on another port, which answers normally.
  case redirectToOtherPort
  /// Every connection is reset (served by a ``ResettingServer`` at another address).
  case connectionReset
}

/// A loopback origin for both features — the Courses API at `/graphql` and GitHub's REST routes — that answers
/// with a chosen ``Fault``. A second server takes redirects; a third resets connections.
public final class FaultServer: Sendable {
  /// The main server.
  public let server: LoopbackServer
  /// Where redirects lead: a plain, healthy origin on another port.
  public let redirectTarget: LoopbackServer
  /// Where connections are reset.
  public let resetter: ResettingServer
  private let courses: CoursesOrigin
  private let github: GitHubFakeServer
  private let fault = Mutex(Fault.none)

  private init(
    server: LoopbackServer, redirectTarget: LoopbackServer, resetter: ResettingServer, courses: CoursesOrigin,
    github: GitHubFakeServer
  ) {
    self.server = server
    self.redirectTarget = redirectTarget
    self.resetter = resetter
    self.courses = courses
    self.github = github
  }

  /// Starts the servers; `token` is the GitHub token the stars routes accept.
  public static func start(token: String?) async throws -> FaultServer {
    let courses = try await CoursesOrigin.start()
    let github = try await GitHubFakeServer.start(token: token)
    let server = FaultServer(
      server: try await LoopbackServer.start(), redirectTarget: try await LoopbackServer.start(),
      resetter: try ResettingServer.start(), courses: courses, github: github)
    server.installRoutes()
    return server
  }

  /// Makes every later request meet `fault`.
  public func setFault(_ fault: Fault) {
    self.fault.withLock { $0 = fault }
  }

  /// `COURSES_API_URL` and `GITHUB_API_URL` for a run under `fault`.
  public func environment(for fault: Fault) -> [String: String] {
    let base = fault == .connectionReset ? resetter.baseURL : server.baseURL
    return [
      "COURSES_API_URL": base.appendingPathComponent("graphql").absoluteString,
      "GITHUB_API_URL": base.absoluteString,
    ]
  }

  /// Stops every server.
  public func stop() async {
    resetter.stop()
    await server.stop()
    await redirectTarget.stop()
    await courses.stop()
    await github.stop()
  }

  private func installRoutes() {
    for target in [server, redirectTarget] {
      let faulty = target === server
      target.route(nil, "/**") { [weak self] request in
        guard let self else { return .empty(status: 503) }
        return try await self.answer(request, withFaults: faulty)
      }
    }
  }

  private func answer(_ request: LoopbackRequest, withFaults: Bool) async throws -> LoopbackResponse {
    let fault = withFaults ? self.fault.withLock { $0 } : .none
    let isCourses = request.path == "/graphql"
    switch fault {
    case .none, .connectionReset:
      return try await normal(request)
    case .latency:
      try await Task.sleep(for: .milliseconds(500))
      return try await normal(request)
    case .http500:
      return .text("Internal Server Error", status: 500)
    case .html502:
      return GitHubFakeResponses.htmlBadGateway()
    case .malformedJSON:
      return .json("<<this is not JSON>>")
    case .truncatedJSON:
      let body = try await normal(request).body
      return LoopbackResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: body.prefix(body.count / 2))
    case .wrongTypes:
      let normal = try await normal(request)
      return LoopbackResponse(status: normal.status, headers: normal.headers, body: Self.swapTypes(normal.body))
    case .graphQLErrors:
      guard isCourses else { return try await normal(request) }
      return .json(#"{"data": null, "errors": [{"message": "the catalog is being rebuilt", "path": ["categories"]}]}"#)
    case .rateLimited:
      return isCourses
        ? LoopbackResponse(status: 429, headers: ["retry-after": "120"], body: Data("Too Many Requests".utf8))
        : GitHubFakeResponses.rateLimitExceeded(reset: Date().addingTimeInterval(3600))
    case .stall:
      try await Task.sleep(for: .seconds(3600))
      return .empty(status: 504)
    case .hugeBody:
      return LoopbackResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: Data(repeating: 0x20, count: 60 << 20))
    case .redirectToOtherPort:
      let query = request.rawQuery.isEmpty ? "" : "?" + request.rawQuery
      return .redirect(to: redirectTarget.baseURL.absoluteString + request.path + query, status: 307)
    }
  }

  /// The healthy answer: the Courses origin for `/graphql`, the GitHub fake for the rest.
  private func normal(_ request: LoopbackRequest) async throws -> LoopbackResponse {
    if request.path == "/graphql" {
      return try await courses.answer(request)
    }
    if request.path == "/search/repositories" { return github.searchResponse(for: request) }
    if request.path.hasPrefix("/user/starred/") { return github.starResponse(for: request) }
    if request.path.hasPrefix("/repos/") { return github.repositoryResponse(for: request) }
    return GitHubFakeResponses.notFound()
  }

  /// ``swapTypes(_:)``, for tests of the fault itself.
  public static func swapTypesForTesting(_ body: Data) -> Data {
    swapTypes(body)
  }

  /// `body` with strings and numbers swapped throughout (booleans become strings too); `body` itself when it is
  /// not JSON.
  static func swapTypes(_ body: Data) -> Data {
    func swap(_ value: Any) -> Any {
      switch value {
      case let dictionary as [String: Any]: return dictionary.mapValues(swap)
      case let array as [Any]: return array.map(swap)
      case let string as String: return string.count
      case let number as NSNumber: return number.stringValue
      default: return value
      }
    }
    guard let object = try? JSONSerialization.jsonObject(with: body) else { return body }
    return (try? JSONSerialization.data(withJSONObject: swap(object))) ?? body
  }
}
