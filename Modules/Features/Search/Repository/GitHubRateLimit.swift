import Foundation
import Infrastructure
import Repository

/// What GitHub said when it refused a request for exceeding a rate limit (403 or 429).
///
/// GitHub's advice, in order: wait `retry-after` seconds when it is given; else, when `x-ratelimit-remaining`
/// is 0, wait until `x-ratelimit-reset`; else (a secondary limit) wait at least a minute.
public struct GitHubRateLimit: Sendable, Equatable {
  /// The HTTP status, 403 or 429.
  public var status: Int
  /// `x-ratelimit-remaining`, if sent.
  public var remaining: Int?
  /// When the limit resets (`x-ratelimit-reset`, epoch seconds), if sent.
  public var resetAt: Date?
  /// `retry-after`, in seconds, if sent.
  public var retryAfter: Int?
  /// GitHub's own explanation, if it sent one.
  public var message: String?
  /// Which limit was hit (`x-ratelimit-resource`: `search`, `core`, …), if sent.
  public var resource: String?
  /// When the answer arrived, by the app's clock.
  public var receivedAt: Date
  /// Whether the request carried a token (a token raises the limits).
  public var authenticated: Bool

  /// Creates a rate limit description.
  public init(
    status: Int, remaining: Int? = nil, resetAt: Date? = nil, retryAfter: Int? = nil, message: String? = nil,
    resource: String? = nil, receivedAt: Date, authenticated: Bool
  ) {
    self.status = status
    self.remaining = remaining
    self.resetAt = resetAt
    self.retryAfter = retryAfter
    self.message = message
    self.resource = resource
    self.receivedAt = receivedAt
    self.authenticated = authenticated
  }

  /// The rate limit `response` reports, or `nil` when it is not a rate-limit answer.
  ///
  /// A 429 always is one; a 403 is one when it says `remaining: 0`, sends `retry-after`, or its message
  /// mentions a rate limit (secondary limits sometimes send neither header).
  public init?(response: HTTPResponse, message: String?, receivedAt: Date, authenticated: Bool) {
    guard response.status == 403 || response.status == 429 else { return nil }
    let headers = response.headers
    let remaining = headers["x-ratelimit-remaining"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    let retryAfter = headers["retry-after"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    let mentionsLimit = message?.lowercased().contains("rate limit") ?? false
    guard response.status == 429 || remaining == 0 || retryAfter != nil || mentionsLimit else { return nil }
    let reset = headers["x-ratelimit-reset"]
      .flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) }
      .map { Date(timeIntervalSince1970: $0) }
    self.init(
      status: response.status, remaining: remaining, resetAt: reset, retryAfter: retryAfter.map { max(0, $0) },
      message: message, resource: headers["x-ratelimit-resource"], receivedAt: receivedAt,
      authenticated: authenticated)
  }

  /// Whether GitHub calls this a secondary rate limit (too many requests at once or too fast).
  public var isSecondary: Bool {
    message?.lowercased().contains("secondary rate limit") ?? false
  }

  /// Whether the primary limit is used up until ``resetAt``.
  public var isExhausted: Bool { remaining == 0 }

  /// How long GitHub asks to wait, in whole seconds: `retry-after`, else the time until the reset when the
  /// limit is used up; `nil` when GitHub did not say.
  public var waitSeconds: Int? {
    if let retryAfter { return retryAfter }
    guard isExhausted, let resetAt else { return nil }
    return max(0, Int(resetAt.timeIntervalSince(receivedAt).rounded(.up)))
  }

  /// When a request may go again: after `retry-after` when sent, else at `x-ratelimit-reset`, else (a secondary
  /// limit that says neither) a minute after the answer.
  public var retryAt: Date {
    if let retryAfter { return receivedAt.addingTimeInterval(TimeInterval(retryAfter)) }
    return resetAt ?? receivedAt.addingTimeInterval(60)
  }
}
