import Foundation
import Infrastructure
import Synchronization

/// What GitHub's `x-ratelimit-*` headers said last about the search limit, on any answer, refusal or not.
///
/// GitHub allows a few searches a minute (10 without a token); every search shares them, the related lookups of
/// other features too. A screen that searches as the user types reads this to stop before the limit is used up.
public final class GitHubSearchQuota: Sendable {
  /// The last reading of the headers: `x-ratelimit-remaining`, the searches left until `resetAt`, and
  /// `x-ratelimit-reset`, when the count starts again.
  private let last = Mutex<(remaining: Int, resetAt: Date?)?>(nil)

  /// A quota nothing was read into yet.
  public init() {}

  /// The last reading; `nil` before any search was answered.
  public var current: (remaining: Int, resetAt: Date?)? { last.withLock { $0 } }

  /// Reads the headers of `response` when they are about the search limit.
  func record(_ response: HTTPResponse) {
    let headers = response.headers
    guard headers["x-ratelimit-resource"]?.trimmingCharacters(in: .whitespaces) == "search",
      let remaining = headers["x-ratelimit-remaining"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
    else { return }
    let reset = headers["x-ratelimit-reset"].flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) }
    last.withLock { $0 = (remaining, reset.map(Date.init(timeIntervalSince1970:))) }
  }
}
