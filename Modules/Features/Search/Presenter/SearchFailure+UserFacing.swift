import Foundation
import Presenter
import SearchUseCase
import UseCase

/// What the user reads of a Search use case's failure: the app's one ``/Presenter/UserFacingError``, whose kind the
/// command turns into an exit status.
extension SearchFailure {
  /// How to give the app a token, after the verb "set".
  private static let tokenSetting =
    "GH_TOKEN (or GITHUB_TOKEN) to a GitHub token, e.g. export GH_TOKEN=$(gh auth token)."

  /// The user-facing form of this failure; local times are shown in `timeZone`.
  public func userFacing(timeZone: TimeZone = .current) -> UserFacingError {
    switch self {
    case .invalidRepoName(let text):
      return UserFacingError(
        title: "'\(UserFacingError.quoting(text, limit: 120))' is not a repository name",
        hint: "Give it as owner/repo (for example apple/swift), as host/owner/repo, or as its address: "
          + "https://github.com/owner/repo, git@github.com:owner/repo.git, ssh:// or git:// (a trailing / or .git "
          + "are fine; <host> for GitHub Enterprise).",
        kind: .usage)
    case .repoPageAddress(let text, let repo):
      return UserFacingError(
        title:
          "'\(UserFacingError.quoting(text, limit: 120))' is the address of a page of \(repo), not of a repository",
        hint: "Did you mean \(repo)?", kind: .usage)
    case .changeUndoneElsewhere(let repo, let starred):
      return UserFacingError(
        title: "GitHub refused the \(starred ? "star" : "unstar") of \(repo) in another run of the app, which undid it",
        hint: "That run said why; app search view \(repo) shows what GitHub holds.")
    case .otherHost(let text, let host, let webHost):
      return UserFacingError(
        title: "'\(UserFacingError.quoting(text, limit: 120))' is on \(host), not on \(webHost)",
        hint: "Give a repository on \(webHost), where GITHUB_API_URL's GitHub is (or owner/repo); for GitHub "
          + "Enterprise, set GITHUB_API_URL to https://<host>/api/v3.",
        kind: .usage)
    case .authenticationRequired:
      return UserFacingError(
        title: "authentication required: starring needs a GitHub token", hint: "Set " + Self.tokenSetting,
        kind: .authentication)
    case .tokenRejected(let message):
      return UserFacingError(
        title: "token rejected by GitHub" + Self.quoting(message),
        hint: "The token in GH_TOKEN or GITHUB_TOKEN is invalid, expired or revoked; set a valid one.",
        kind: .authentication)
    case .notFound(let repo?, _):
      return UserFacingError(
        title: "repository not found: \(repo)",
        hint: "Check the owner and the name; a private repository needs a token that can see it.")
    case .notFound(nil, _):
      return UserFacingError(
        title: "GitHub answered 404 Not Found to the search: GITHUB_API_URL is not the root of a GitHub REST API",
        hint: "Set GITHUB_API_URL to https://api.github.com, or to https://<host>/api/v3 for GitHub Enterprise "
          + "Server (the path must end in /api/v3).")
    case .forbidden(let message):
      return UserFacingError(
        title: "GitHub refused the request" + Self.quoting(message),
        hint: "Check that the token has the scope this needs (public_repo or repo to star).")
    case .rateLimited(let limit):
      return Self.rateLimitSaid(limit, timeZone: timeZone)
    case .invalidQuery(let message, let details):
      let detail =
        details.isEmpty ? "" : " (\(details.map { UserFacingError.quoting($0, limit: 200) }.joined(separator: "; ")))"
      return UserFacingError(
        title: "invalid search query: \(UserFacingError.quoting(message))\(detail)",
        hint: "Check the words and qualifiers of the query; see "
          + "https://docs.github.com/search-github/searching-on-github/searching-for-repositories")
    case .server(let status, let message):
      return UserFacingError(
        title: "GitHub answered HTTP \(status)" + Self.quoting(message),
        hint: (500...599).contains(status)
          ? "GitHub has a problem; try again later." : "Try again later; if it persists, check GITHUB_API_URL.")
    case .malformedResponse(let detail):
      return UserFacingError(
        title: "GitHub's answer could not be read: \(UserFacingError.quoting(detail))",
        hint: "Check that GITHUB_API_URL points to the GitHub REST API, or try again later.")
    case .insecureCredentials(let host):
      return UserFacingError(
        title: "refusing to send the GitHub token to \(host) over plain http://",
        hint: "Use an https:// GITHUB_API_URL, or unset GH_TOKEN and GITHUB_TOKEN.")
    case .tokenNeverSent(let host):
      return UserFacingError(
        title: "the change was not made: GITHUB_API_URL is plain http:// to \(host), where the token is never sent",
        hint: "Use an https:// GITHUB_API_URL (or a loopback one); nothing was recorded.", kind: .usage)
    case .timedOut(let host):
      return UserFacingError(
        title: "GitHub did not answer in time (\(host))",
        hint: "Check your network connection, or allow more time with APP_HTTP_TIMEOUT (seconds).")
    case .unreachable(let description):
      return UserFacingError(
        title: "could not reach GitHub: \(UserFacingError.quoting(description))",
        // The title already says what to check; the hint adds only where the address comes from.
        hint: "GitHub is asked at GITHUB_API_URL (https://api.github.com when it is unset).")
    case .notCached:
      return UserFacingError(
        title: "nothing is cached for this search", hint: "Run it once without --offline to fetch it from GitHub.")
    case .repoNotCached(let repo):
      return UserFacingError(
        title: "\(repo) is not in the cache",
        hint: "Run `app search view \(repo)` once without --offline to fetch it from GitHub.")
    case .setting(let description):
      return UserFacingError(
        title: UserFacingError.quoting(description),
        hint: "SSL_CERT_FILE and SSL_CERT_DIR matter only to https; see `app help settings` for every setting.")
    case .storage(let description):
      return UserFacingError(title: "the local cache could not be used", hint: UserFacingError.quoting(description))
    case .changeNotKept(let description):
      return UserFacingError(
        title: "the change was not made: the app database could not keep it",
        hint: UserFacingError.quoting(description))
    case .changeWaits(let reason), .changeHeld(_, let reason):
      return UserFacingError(title: UserFacingError.quoting(reason), hint: "app sync --list shows what waits.")
    }
  }

  /// The user-facing form of this failure when it stopped a star or an unstar, the same wherever it is said (the
  /// command, `app sync`, `--list`, `app ui`): as ``userFacing(timeZone:)``, a rate limit saying until when
  /// nothing is sent to GitHub (what every run of the app keeps to).
  public func userFacingAsChange(timeZone: TimeZone = .current) -> UserFacingError {
    var said = userFacing(timeZone: timeZone)
    if case .timedOut(let host) = self {
      // One line, where the hint that names the setting is not shown: the line names it.
      said.title = "GitHub did not answer within APP_HTTP_TIMEOUT (\(host))"
    }
    if case .rateLimited(let limit) = self {
      if limit.isOnAnotherResource, let resource = limit.resource {
        // GitHub limits that resource, not stars: nothing waits for its reset.
        said.title =
          "GitHub's \(UserFacingError.quoting(resource, limit: 40)) rate limit was hit; stars are not held by it"
      } else if let until = limit.retryAt {
        said.title =
          "GitHub \(limit.isSecondary ? "secondary " : "")rate limit exceeded until "
          + "\(RelativeTime.localTime(until, timeZone: timeZone)) (local time)"
      }
    }
    return said
  }

  private static func rateLimitSaid(_ limit: SearchRateLimit, timeZone: TimeZone) -> UserFacingError {
    let message = limit.message.map { UserFacingError.quoting($0) }
    let title: String
    if limit.isSecondary, let message {
      title = "GitHub secondary rate limit: \(message)"
    } else if limit.isExhausted, let reset = limit.resetAt {
      title = "GitHub rate limit exceeded until \(RelativeTime.localTime(reset, timeZone: timeZone)) (local time)"
    } else {
      title = "GitHub rate limit exceeded" + Self.quoting(message)
    }
    var hint: String
    if let wait = limit.waitSeconds {
      hint = "Wait \(SearchText.wait(seconds: wait)) before trying again."
    } else {
      hint = "Wait a few minutes before trying again."
    }
    if !limit.authenticated {
      hint += " To raise the limit, set " + Self.tokenSetting
    }
    return UserFacingError(title: title, hint: hint)
  }

  private static func quoting(_ message: String?) -> String {
    guard let message, !message.isEmpty else { return "" }
    return ": \(UserFacingError.quoting(message))"
  }
}
