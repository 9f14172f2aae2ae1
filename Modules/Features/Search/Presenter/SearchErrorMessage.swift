import Foundation
import Presenter
import SearchUseCase
import UseCase

/// A Search failure as the user reads it: a one-line title, what to do, and what kind of failure it is.
public struct SearchErrorMessage: Sendable, Equatable {
  /// What kind of failure it is; the view turns it into an exit status.
  public enum Kind: Sendable, Equatable {
    /// The user's input is wrong (exit 64).
    case usage
    /// A token is needed or was rejected (exit 4).
    case authentication
    /// The repository does not exist or cannot be seen (exit 1).
    case notFound
    /// Anything else (exit 1).
    case failure
  }

  /// What went wrong, in one line.
  public var title: String
  /// What to do about it.
  public var hint: String
  /// The kind of failure.
  public var kind: Kind

  /// Creates a message.
  public init(title: String, hint: String, kind: Kind = .failure) {
    self.title = title
    self.hint = hint
    self.kind = kind
  }

  /// How to give the app a token, after the verb "set".
  static let tokenSetting = "GH_TOKEN (or GITHUB_TOKEN) to a GitHub token, e.g. export GH_TOKEN=$(gh auth token)."

  /// The message for `failure`; local times are shown in `timeZone`.
  public init(_ failure: SearchFailure, timeZone: TimeZone = .current) {
    switch failure {
    case .invalidRepoName(let text):
      self.init(
        title: "'\(SearchText.clipped(text, limit: 120))' is not a repository name",
        hint: "Give it as owner/repo (for example apple/swift) or as its address, https://github.com/owner/repo "
          + "or https://<host>/owner/repo on GitHub Enterprise (http://, a trailing / or .git are fine).",
        kind: .usage)
    case .authenticationRequired:
      self.init(
        title: "authentication required: starring needs a GitHub token", hint: "Set " + Self.tokenSetting,
        kind: .authentication)
    case .tokenRejected(let message):
      self.init(
        title: "token rejected by GitHub" + Self.quoting(message),
        hint: "The token in GH_TOKEN or GITHUB_TOKEN is invalid, expired or revoked; set a valid one.",
        kind: .authentication)
    case .notFound(let repository?, _):
      self.init(
        title: "repository not found: \(repository)",
        hint: "Check the owner and the name; a private repository needs a token that can see it.", kind: .notFound)
    case .notFound(nil, _):
      self.init(
        title: "GitHub answered 404 Not Found to the search: GITHUB_API_URL is not the root of a GitHub REST API",
        hint: "Set GITHUB_API_URL to https://api.github.com, or to https://<host>/api/v3 for GitHub Enterprise "
          + "Server (the path must end in /api/v3).")
    case .forbidden(let message):
      self.init(
        title: "GitHub refused the request" + Self.quoting(message),
        hint: "Check that the token has the scope this needs (public_repo or repo to star).")
    case .rateLimited(let limit):
      self = Self.rateLimited(limit, timeZone: timeZone)
    case .invalidQuery(let message, let details):
      let detail =
        details.isEmpty ? "" : " (\(details.map { SearchText.clipped($0, limit: 200) }.joined(separator: "; ")))"
      self.init(
        title: "invalid search query: \(SearchText.clipped(message))\(detail)",
        hint: "Check the words and qualifiers of the query; see "
          + "https://docs.github.com/search-github/searching-on-github/searching-for-repositories")
    case .server(let status, let message):
      self.init(
        title: "GitHub answered HTTP \(status)" + Self.quoting(message),
        hint: (500...599).contains(status)
          ? "GitHub has a problem; try again later." : "Try again later; if it persists, check GITHUB_API_URL.")
    case .malformedResponse(let detail):
      self.init(
        title: "GitHub's answer could not be read: \(SearchText.clipped(detail))",
        hint: "Check that GITHUB_API_URL points to the GitHub REST API, or try again later.")
    case .insecureCredentials(let host):
      self.init(
        title: "refusing to send the GitHub token to \(host) over plain http://",
        hint: "Use an https:// GITHUB_API_URL, or unset GH_TOKEN and GITHUB_TOKEN.")
    case .timedOut(let host):
      self.init(
        title: "GitHub did not answer in time (\(host))",
        hint: "Check your network connection, or allow more time with APP_HTTP_TIMEOUT (seconds).")
    case .unreachable(let description):
      self.init(
        title: "could not reach GitHub: \(SearchText.clipped(description))",
        hint: "Check your network connection and GITHUB_API_URL.")
    case .notCached:
      self.init(
        title: "nothing is cached for this search", hint: "Run it once without --offline to fetch it from GitHub.")
    case .repoNotCached(let repository):
      self.init(
        title: "\(repository) is not in the cache",
        hint: "Run `app search view \(repository)` once without --offline to fetch it from GitHub.")
    case .setting(let description):
      self.init(
        title: SearchText.clipped(description),
        hint: "SSL_CERT_FILE and SSL_CERT_DIR matter only to https; see `app --help` for every setting.")
    case .storage(let description):
      self.init(title: "the local cache could not be used", hint: SearchText.clipped(description))
    }
  }

  private static func rateLimited(_ limit: SearchRateLimit, timeZone: TimeZone) -> SearchErrorMessage {
    let message = limit.message.map { SearchText.clipped($0) }
    let title: String
    if limit.isSecondary, let message {
      title = "GitHub secondary rate limit: \(message)"
    } else if limit.isExhausted, let reset = limit.resetAt {
      title = "GitHub rate limit exceeded until \(SearchText.localTime(reset, timeZone: timeZone)) (local time)"
    } else {
      title = "GitHub rate limit exceeded" + quoting(message)
    }
    var hint: String
    if let wait = limit.waitSeconds {
      hint = "Wait \(SearchText.wait(seconds: wait)) before trying again."
    } else {
      hint = "Wait a few minutes before trying again."
    }
    if !limit.authenticated {
      hint += " To raise the limit, set " + tokenSetting
    }
    return SearchErrorMessage(title: title, hint: hint)
  }

  private static func quoting(_ message: String?) -> String {
    guard let message, !message.isEmpty else { return "" }
    return ": \(SearchText.clipped(message))"
  }
}
