import Foundation

/// Builds the request that follows a redirect, stripping credentials that must not leave their origin.
///
/// The rules are kept here, in Swift, instead of in libcurl's `CURLOPT_FOLLOWLOCATION`:
/// - 301, 302, 303, 307 and 308 with a `Location` are followed;
/// - 303 turns any method but `HEAD` into a body-less `GET`; 301 and 302 do so for `POST` only;
///   307 and 308 keep the method and the body;
/// - when the scheme, host or port changes, `Authorization`, `Proxy-Authorization` and `Cookie` are dropped.
enum HTTPRedirect {
  /// Status codes that are followed.
  static let followedStatuses: Set<Int> = [301, 302, 303, 307, 308]

  /// Header fields that only ever go back to the origin they were given for.
  static let originBoundHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

  /// The next request to send after `response` answered `request`, or `nil` if it is not a redirect.
  static func nextRequest(after response: HTTPResponse, to request: HTTPRequest) throws(HTTPError) -> HTTPRequest? {
    guard followedStatuses.contains(response.status), let location = response.headers["Location"] else {
      return nil
    }
    guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL else {
      throw .invalidURL(location)
    }
    guard let targetOrigin = HTTPOrigin(target) else {
      throw .invalidURL(target.withoutUserInfo)
    }
    var next = request
    next.url = target

    let becomesGet =
      (response.status == 303 && request.method != .head)
      || ((response.status == 301 || response.status == 302) && request.method == .post)
    if becomesGet {
      next.method = .get
      next.body = nil
      next.headers.remove("Content-Type")
      next.headers.remove("Content-Length")
      next.headers.remove("Content-Encoding")
    }

    if HTTPOrigin(request.url) != targetOrigin {
      for name in originBoundHeaders {
        next.headers.remove(name)
      }
    }
    return next
  }
}
