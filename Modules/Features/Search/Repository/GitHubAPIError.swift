import Infrastructure
import Repository

/// Why a GitHub API call failed, told apart the way a user must act on it.
///
/// No case holds a credential: server messages and HTTP errors never carry request headers.
public enum GitHubAPIError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The call needs a token and none is configured; nothing was sent.
  case authenticationRequired
  /// GitHub refused the token (401); `message` is GitHub's own, e.g. `Bad credentials`.
  case tokenRejected(message: String?)
  /// GitHub answered 404: the repo does not exist or the token may not see it.
  case notFound(message: String?)
  /// GitHub answered 403 for a reason other than a rate limit (missing scope, blocked, …).
  case forbidden(message: String?)
  /// A rate limit was hit (403 or 429).
  case rateLimited(GitHubRateLimit)
  /// GitHub answered 422: the request (for search, the query) is invalid; `details` are its `errors[]`.
  case validationFailed(message: String, details: [String])
  /// Any other non-2xx status; `message` is GitHub's when its body had one.
  case server(status: Int, message: String?)
  /// The answer could not be read as what the endpoint documents.
  case malformedResponse(detail: String)
  /// The token would have travelled over plain `http://` to a host that is not loopback; nothing was sent.
  case insecureCredentials(host: String)
  /// The request took longer than the HTTP timeout.
  case timedOut(host: String)
  /// The request could not be completed: connection refused, unknown host, TLS failure, too many redirects, …
  case unreachable(HTTPError)

  /// A one-line technical description, safe to log.
  public var description: String {
    switch self {
    case .authenticationRequired: "authentication required: no GitHub token is configured"
    case .tokenRejected(let message): "HTTP 401: \(message ?? "token rejected")"
    case .notFound(let message): "HTTP 404: \(message ?? "not found")"
    case .forbidden(let message): "HTTP 403: \(message ?? "forbidden")"
    case .rateLimited(let limit): "HTTP \(limit.status): rate limited (\(limit.message ?? "no message"))"
    case .validationFailed(let message, let details):
      "HTTP 422: \(message)" + (details.isEmpty ? "" : " (\(details.joined(separator: "; ")))")
    case .server(let status, let message): "HTTP \(status)" + (message.map { ": \($0)" } ?? "")
    case .malformedResponse(let detail): "malformed response: \(detail)"
    case .insecureCredentials(let host): "refused to send the token over plain http to \(host)"
    case .timedOut(let host): "timed out waiting for \(host)"
    case .unreachable(let error): error.description
    }
  }
}
