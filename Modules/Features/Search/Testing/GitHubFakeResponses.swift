import Foundation
import TestSupport

/// Answers shaped like GitHub's, for tests that script a ``GitHubFakeServer`` (or any ``LoopbackServer``).
///
/// Error bodies follow GitHub's `{"message", "documentation_url", "status"}`; 422 adds `errors[]`.
public enum GitHubFakeResponses {
  /// GitHub's documentation root, as error bodies link it.
  public static let documentation = "https://docs.github.com/rest"

  /// A JSON answer whose body is `object` serialised.
  public static func json(_ object: Any, status: Int = 200, headers: [String: String] = [:]) -> LoopbackResponse {
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    var headers = headers
    headers["Content-Type"] = "application/json; charset=utf-8"
    return LoopbackResponse(status: status, headers: headers, body: data)
  }

  /// An error answer: `{"message": message, "documentation_url": …, "status": "<status>"}`.
  public static func error(
    _ status: Int, message: String, documentationURL: String = documentation, headers: [String: String] = [:]
  ) -> LoopbackResponse {
    json(
      ["message": message, "documentation_url": documentationURL, "status": String(status)], status: status,
      headers: headers)
  }

  /// 404 `Not Found`.
  public static func notFound() -> LoopbackResponse {
    error(404, message: "Not Found", documentationURL: "\(documentation)/repos/repos#get-a-repository")
  }

  /// 401 `Bad credentials`: a token was sent and GitHub does not know it.
  public static func badCredentials() -> LoopbackResponse {
    error(401, message: "Bad credentials")
  }

  /// 401 `Requires authentication`: no token was sent.
  public static func requiresAuthentication() -> LoopbackResponse {
    error(
      401, message: "Requires authentication",
      documentationURL: "\(documentation)/activity/starring#star-a-repository-for-the-authenticated-user")
  }

  /// 422 `Validation Failed` with `errors[]` entries (`resource`, `field`, `code`, optional `message`).
  public static func validationFailed(
    message: String = "Validation Failed", errors: [[String: String]]
  ) -> LoopbackResponse {
    json(
      [
        "message": message, "errors": errors, "documentation_url": "https://docs.github.com/v3/search", "status": "422",
      ],
      status: 422)
  }

  /// A primary rate limit used up until `reset` (403 or 429 with `x-ratelimit-remaining: 0`).
  public static func rateLimitExceeded(
    reset: Date, status: Int = 403, limit: Int = 10, resource: String = "search"
  ) -> LoopbackResponse {
    error(
      status,
      message: "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a "
        + "higher rate limit. Check out the documentation for more details.)",
      documentationURL: "\(documentation)/overview/rate-limits-for-the-rest-api",
      headers: [
        "x-ratelimit-limit": String(limit), "x-ratelimit-remaining": "0", "x-ratelimit-used": String(limit),
        "x-ratelimit-reset": String(Int(reset.timeIntervalSince1970)), "x-ratelimit-resource": resource,
      ])
  }

  /// A limit with `retry-after` (403 or 429); a secondary limit when `secondary`.
  public static func retryAfter(_ seconds: Int, status: Int = 429, secondary: Bool = false) -> LoopbackResponse {
    let message =
      secondary
      ? "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach "
        + "out to GitHub Support for help, please include the request ID ABCD:1234."
      : "API rate limit exceeded. Retry later."
    return error(
      status, message: message, documentationURL: "\(documentation)/overview/rate-limits-for-the-rest-api",
      headers: ["retry-after": String(seconds), "x-ratelimit-remaining": "9"])
  }

  /// A proxy's HTML 502 page.
  public static func htmlBadGateway() -> LoopbackResponse {
    LoopbackResponse(
      status: 502, headers: ["Content-Type": "text/html"],
      body: Data("<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>".utf8))
  }
}
