import Foundation
import Infrastructure
import Repository
import SearchRepository

/// Why a Search use case could not answer, in the terms a presenter explains to the user.
public enum SearchFailure: Error, Sendable, Equatable {
  /// The text is not an `owner/name` repo name.
  case invalidRepoName(String)
  /// The text is the address of a page of `repo` (`…/owner/repo/issues`), not of the repo itself.
  case repoPageAddress(text: String, repo: String)
  /// Another run of the app met GitHub's refusal of this star (`starred`) or unstar of `repo`, and undid it.
  case changeUndoneElsewhere(repo: String, starred: Bool)
  /// The text is the address of a repo on `host`, not on `webHost`, the GitHub that `GITHUB_API_URL` names.
  case otherHost(text: String, host: String, webHost: String)
  /// Starring needs a token and none is configured; nothing was sent.
  case authenticationRequired
  /// GitHub rejected the token (401).
  case tokenRejected(message: String?)
  /// GitHub answered 404 for this repo.
  case notFound(repo: String?, message: String?)
  /// GitHub refused for another reason than a rate limit (403).
  case forbidden(message: String?)
  /// A rate limit was hit.
  case rateLimited(SearchRateLimit)
  /// GitHub found the query invalid (422), with its message and details.
  case invalidQuery(message: String, details: [String])
  /// GitHub answered another error status.
  case server(status: Int, message: String?)
  /// GitHub's answer could not be read.
  case malformedResponse(detail: String)
  /// The token would have gone over plain `http://` to a host that is not loopback; nothing was sent.
  case insecureCredentials(host: String)
  /// A change was asked for while `GITHUB_API_URL` is plain `http://` to `host`, not loopback, where the token is
  /// never sent: it could never be sent, so it was not made (nothing was recorded).
  case tokenNeverSent(host: String)
  /// GitHub did not answer within the HTTP timeout.
  case timedOut(host: String)
  /// GitHub could not be reached; `description` says why.
  case unreachable(description: String)
  /// `--offline` and nothing is cached for this search.
  case notCached
  /// `--offline` and this repo's details (`owner/name`) are not cached.
  case repoNotCached(String)
  /// The local database failed; `description` says why and what to do.
  case storage(description: String)
  /// A setting the request needs cannot be used (`SSL_CERT_FILE` for https); `description` names it.
  case setting(description: String)
  /// The user's change could not be kept (a read-only home, a full disk): it was not made; `description` says why.
  case changeNotKept(description: String)
  /// The user's change is kept and waits, for a reason of its own (another run of the app is sending the item's
  /// earlier change, it was made with another token); `reason` says which.
  case changeWaits(reason: String)
  /// The user's change is kept and waits until `until`, the time GitHub asked every run to wait for (a rate
  /// limit); `reason` says so.
  case changeHeld(until: Date, reason: String)

  /// Classifies an error thrown by the GitHub API or the store.
  public init(_ error: any Error, repo: String? = nil) {
    switch error {
    case let failure as SearchFailure: self = failure
    case let apiError as GitHubAPIError: self.init(apiError, repo: repo)
    case is CancellationError: self = .unreachable(description: HTTPError.cancelled.description)
    default:
      // The kits' own errors, told apart once (``/Repository/DataFailure``).
      switch DataFailure(error) {
      case .notCached: self = .notCached
      case .storage(let text): self = .storage(description: text)
      case .configuration(let text): self = .setting(description: text)
      case .changeHeld(let until, let reason): self = .changeHeld(until: until, reason: reason)
      case .changeWaits(let reason): self = .changeWaits(reason: reason)
      case .originFailed, .originUnusable, .originUnreachable, .other:
        self = .storage(description: String(describing: error))
      }
    }
  }

  private init(_ error: GitHubAPIError, repo: String?) {
    switch error {
    case .authenticationRequired: self = .authenticationRequired
    case .tokenRejected(let message): self = .tokenRejected(message: message)
    case .notFound(let message): self = .notFound(repo: repo, message: message)
    case .forbidden(let message): self = .forbidden(message: message)
    case .rateLimited(let limit): self = .rateLimited(SearchRateLimit(limit))
    case .validationFailed(let message, let details): self = .invalidQuery(message: message, details: details)
    case .server(let status, let message): self = .server(status: status, message: message)
    case .malformedResponse(let detail): self = .malformedResponse(detail: detail)
    case .insecureCredentials(let host): self = .insecureCredentials(host: host)
    case .timedOut(let host): self = .timedOut(host: host)
    case .unreachable(.trustSetting(let problem)): self = .setting(description: problem.description)
    case .unreachable(let error): self = .unreachable(description: error.description)
    }
  }
}

/// A rate limit GitHub reported, with what the user needs to know to wait it out.
public struct SearchRateLimit: Sendable, Equatable {
  /// When the limit resets, if GitHub said.
  public var resetAt: Date?
  /// How many seconds GitHub asks to wait, if it said.
  public var waitSeconds: Int?
  /// GitHub's own message, if any.
  public var message: String?
  /// Whether GitHub calls it a secondary rate limit.
  public var isSecondary: Bool
  /// Whether the primary limit is used up until ``resetAt``.
  public var isExhausted: Bool
  /// Whether a token was sent (a token raises the limits).
  public var authenticated: Bool
  /// When a request may go again (``/SearchRepository/GitHubRateLimit/retryAt``): a change waits until then.
  public var retryAt: Date?
  /// The resource GitHub says the limit is on (`x-ratelimit-resource`: `core`, `search`, …), if it said.
  public var resource: String?

  /// Whether the limit is on another resource than the one stars and reads go through (`core`): it holds no
  /// star back.
  public var isOnAnotherResource: Bool { resource.map { $0 != "core" } ?? false }

  /// Creates a rate limit.
  public init(
    resetAt: Date?, waitSeconds: Int?, message: String?, isSecondary: Bool, isExhausted: Bool, authenticated: Bool,
    retryAt: Date? = nil, resource: String? = nil
  ) {
    self.retryAt = retryAt
    self.resource = resource
    self.resetAt = resetAt
    self.waitSeconds = waitSeconds
    self.message = message
    self.isSecondary = isSecondary
    self.isExhausted = isExhausted
    self.authenticated = authenticated
  }

  init(_ limit: GitHubRateLimit) {
    self.init(
      resetAt: limit.resetAt, waitSeconds: limit.waitSeconds,
      message: limit.message, isSecondary: limit.isSecondary, isExhausted: limit.isExhausted,
      authenticated: limit.authenticated, retryAt: limit.retryAt, resource: limit.resource)
  }
}
