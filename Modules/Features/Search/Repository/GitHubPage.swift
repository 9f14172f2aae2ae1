import Repository

/// One page of a paged GitHub answer: the decoded body and the `Link` header that points to the others.
public struct GitHubPage<Body: Sendable>: Sendable {
  /// The decoded body.
  public var body: Body
  /// The links to the next, last, previous and first pages; empty when everything fit on this page.
  public var links: GitHubLinkHeader

  /// Creates a page.
  public init(body: Body, links: GitHubLinkHeader) {
    self.body = body
    self.links = links
  }
}

extension GitHubPage: Equatable where Body: Equatable {}
