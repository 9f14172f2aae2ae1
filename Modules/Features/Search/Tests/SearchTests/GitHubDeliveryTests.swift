import Foundation
import Infrastructure
import Repository
import TestScheduling
import Testing

@testable import SearchRepository

/// What each GitHub failure means for a star or unstar that is sent: refused and undone, waiting with the rest of
/// the pass untried, waiting until a time, or waiting while the next change goes.
@Suite(.untimed) struct GitHubDeliveryTests {
  enum Class: Equatable {
    case delivered
    case refused
    case waits(ChangeWait)
  }

  static func kind(_ error: GitHubAPIError) -> Class {
    switch SearchStores.delivery(of: error) {
    case .delivered: .delivered
    case .refused: .refused
    case .waits(_, let wait): .waits(wait)
    }
  }

  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  static func limit(retryAfter: Int? = nil, reset: Date? = nil, resource: String? = nil) -> GitHubRateLimit {
    GitHubRateLimit(
      status: 403, remaining: reset == nil ? nil : 0, resetAt: reset, retryAfter: retryAfter,
      message: "secondary rate limit", resource: resource, receivedAt: now, authenticated: true)
  }

  @Test func gitHubsRefusalsAreUndone() {
    let refusals: [GitHubAPIError] = [
      .tokenRejected(message: nil), .forbidden(message: "scope"), .notFound(message: nil),
      .validationFailed(message: "Validation Failed", details: []), .server(status: 400, message: nil),
      .server(status: 410, message: nil),
    ]
    for error in refusals { #expect(Self.kind(error) == .refused, "\(error)") }
  }

  @Test func passingFailuresWaitAndLetTheNextChangeGo() {
    let passing: [GitHubAPIError] = [
      .server(status: 500, message: nil), .server(status: 502, message: nil), .server(status: 408, message: nil),
      .malformedResponse(detail: "not JSON"),
    ]
    for error in passing { #expect(Self.kind(error) == .waits(.passing), "\(error)") }
  }

  @Test func anOriginThatDoesNotAnswerHoldsTheRestOfThePass() {
    #expect(Self.kind(.timedOut(host: "api.github.com")) == .waits(.originAway))
    #expect(Self.kind(.unreachable(.connectionRefused(host: "api.github.com", port: 443))) == .waits(.originAway))
    #expect(Self.kind(.unreachable(.dnsFailure(host: "api.github.com"))) == .waits(.originAway))
  }

  @Test func aLocalSettingWaitsAndIsNeverUndone() {
    #expect(Self.kind(.authenticationRequired) == .waits(.setting))
    #expect(Self.kind(.insecureCredentials(host: "example.com")) == .waits(.setting))
    #expect(
      Self.kind(.unreachable(.trustSetting(.invalidValue(variable: "SSL_CERT_FILE", value: "/x", expected: "a file"))))
        == .waits(.setting))
    #expect(Self.kind(.unreachable(.trustStoreUnusable(message: "no CA bundle"))) == .waits(.setting))
  }

  @Test func aRateLimitHoldsStarsUntilTheTimeGitHubGave() {
    #expect(Self.kind(.rateLimited(Self.limit(retryAfter: 3600))) == .waits(.until(Self.now + 3600)))
    let reset = Self.now + 900
    #expect(Self.kind(.rateLimited(Self.limit(reset: reset, resource: "core"))) == .waits(.until(reset)))
    #expect(Self.kind(.rateLimited(Self.limit())) == .waits(.until(Self.now + 60)), "a minute at least")
    #expect(Self.kind(.rateLimited(Self.limit(reset: reset, resource: "search"))) == .waits(.passing))
  }
}
