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
  /// A GraphQL `errors` answer from origins that speak GraphQL; the others answer normally.
  case graphQLErrors
  /// A used-up rate limit, in each origin's own way (429 with `retry-after` unless the origin says otherwise).
  case rateLimited
  /// Accepts the request and never answers.
  case stall
  /// HTTP 200 with a 60 MiB body.
  case hugeBody
  /// A 307 to the same path on another port, which answers normally.
  case redirectToOtherPort
  /// Every connection is reset (served by a ``ResettingServer`` at another address).
  case connectionReset
  /// An https origin whose certificate a private CA signed, which the app is not told to trust.
  case untrustedCertificate
  /// An https origin whose certificate (from a trusted CA) has expired.
  case expiredCertificate
  /// An https origin whose certificate (from a trusted CA) is for another host name.
  case wrongHostCertificate
  /// An https origin that accepts the connection and never completes the TLS handshake.
  case tlsHandshakeStall

  /// Whether the fault is in the TLS layer, in front of the origin: no request ever reaches it.
  public var isTLS: Bool {
    switch self {
    case .untrustedCertificate, .expiredCertificate, .wrongHostCertificate, .tlsHandshakeStall: true
    default: false
    }
  }
}

/// A healthy loopback origin that a ``FaultServer`` puts its faults in front of: one feature's fake API.
public protocol FaultOrigin: Sendable {
  /// The settings that point the app at this origin when it is served at `base`, with `token` as every secret.
  func environment(base: URL, token: String) -> [String: String]
  /// Whether `request` is for this origin.
  func handles(_ request: LoopbackRequest) -> Bool
  /// The healthy answer to `request`.
  func answer(_ request: LoopbackRequest) async throws -> LoopbackResponse
  /// The origin's own answer under `fault`, where it differs from the server's generic one; `nil` otherwise.
  func answer(_ request: LoopbackRequest, under fault: Fault) async throws -> LoopbackResponse?
  /// Stops whatever the origin runs.
  func stop() async
}

/// One loopback address for several features' origins that answers with a chosen ``Fault``. A second server
/// takes redirects; a third resets connections.
public final class FaultServer: Sendable {
  /// The main server.
  public let server: LoopbackServer
  /// Where redirects lead: a plain, healthy origin on another port.
  public let redirectTarget: LoopbackServer
  /// Where connections are reset.
  public let resetter: ResettingServer
  private let origins: [any FaultOrigin]
  private let fault = Mutex(Fault.none)

  private init(
    server: LoopbackServer, redirectTarget: LoopbackServer, resetter: ResettingServer, origins: [any FaultOrigin]
  ) {
    self.server = server
    self.redirectTarget = redirectTarget
    self.resetter = resetter
    self.origins = origins
  }

  /// Starts the servers in front of `origins`.
  public static func start(origins: [any FaultOrigin]) async throws -> FaultServer {
    let server = FaultServer(
      server: try await LoopbackServer.start(), redirectTarget: try await LoopbackServer.start(),
      resetter: try ResettingServer.start(), origins: origins)
    server.installRoutes()
    return server
  }

  /// Makes every later request meet `fault`.
  public func setFault(_ fault: Fault) {
    self.fault.withLock { $0 = fault }
  }

  /// Every origin's settings for a run under `fault`, with `token` as every secret; `base` replaces the server's
  /// address (a TLS front for the TLS faults).
  public func environment(for fault: Fault, token: String, base: URL? = nil) -> [String: String] {
    let base = base ?? (fault == .connectionReset ? resetter.baseURL : server.baseURL)
    return origins.reduce(into: [:]) { environment, origin in
      environment.merge(origin.environment(base: base, token: token)) { $1 }
    }
  }

  /// Stops every server and origin.
  public func stop() async {
    resetter.stop()
    await server.stop()
    await redirectTarget.stop()
    for origin in origins { await origin.stop() }
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
    let origin = origins.first { $0.handles(request) }
    if fault != .none, let origin, let own = try await origin.answer(request, under: fault) {
      return own
    }
    switch fault {
    case .none, .connectionReset, .graphQLErrors, .untrustedCertificate, .expiredCertificate, .wrongHostCertificate,
      .tlsHandshakeStall:
      return try await normal(request, origin: origin)
    case .latency:
      try await Task.sleep(for: .milliseconds(500))
      return try await normal(request, origin: origin)
    case .http500:
      return .text("Internal Server Error", status: 500)
    case .html502:
      return LoopbackResponse(
        status: 502, headers: ["Content-Type": "text/html"],
        body: Data("<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>".utf8)
      )
    case .malformedJSON:
      return .json("<<this is not JSON>>")
    case .truncatedJSON:
      let body = try await normal(request, origin: origin).body
      return LoopbackResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: body.prefix(body.count / 2))
    case .wrongTypes:
      let normal = try await normal(request, origin: origin)
      return LoopbackResponse(status: normal.status, headers: normal.headers, body: Self.swapTypes(normal.body))
    case .rateLimited:
      return LoopbackResponse(status: 429, headers: ["retry-after": "120"], body: Data("Too Many Requests".utf8))
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

  /// The healthy answer of the origin that handles `request`; 404 when none does.
  private func normal(_ request: LoopbackRequest, origin: (any FaultOrigin)?) async throws -> LoopbackResponse {
    guard let origin else { return .json(#"{"message": "Not Found"}"#, status: 404) }
    return try await origin.answer(request)
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
