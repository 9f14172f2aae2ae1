import Repository

/// Fetches the pages of a repo search from GitHub, so the store can cache and append them.
///
/// The page key is the offset of the page's first result. Each request asks for what is still missing, at most
/// 100 (GitHub's maximum per page): `per_page = min(limit - offset, 100)`, and `page = offset / per_page + 1`.
/// When that page size does not divide the offset, the next size that does is used and the extra results are
/// dropped, so a page never repeats results already collected. A next page is requested only while GitHub's
/// `Link` header has `rel="next"` and fewer than `limit` results were collected.
public struct RepoSearchFetcher: Fetcher {
  /// GitHub's largest page.
  public static let maximumPageSize = 100

  private let api: GitHubAPI

  /// Creates a fetcher over `api`.
  public init(api: GitHubAPI) {
    self.api = api
  }

  /// Fetches the page of `key` starting at the offset `pageKey` (the first page when `nil`).
  public func fetch(_ key: RepoSearchKey, pageKey: String?) async throws -> FetchResult<RepoSearchResults> {
    let offset = pageKey.flatMap { Int($0) } ?? 0
    let wanted = max(1, key.limit - offset)
    let size = Self.pageSize(offset: offset, wanted: wanted)
    let page = try await api.searchRepos(
      query: key.searchText, sort: key.sort, order: key.order, perPage: size, page: offset / size + 1)
    var results = page.body
    if results.items.count > wanted {
      results.items.removeSubrange(wanted...)
    }
    return FetchResult(results, nextPageKey: Self.nextOffset(after: page.links, offset: offset, size: size, key: key))
  }

  /// The page size for a page starting at `offset` that still needs `wanted` results: the smallest size from
  /// `min(wanted, 100)` up that divides `offset`, so the page starts exactly there.
  static func pageSize(offset: Int, wanted: Int) -> Int {
    let smallest = min(max(1, wanted), maximumPageSize)
    return (smallest...maximumPageSize).first { offset % $0 == 0 } ?? maximumPageSize
  }

  /// The offset of the next page as the `Link` header's `rel="next"` says, or `nil` when GitHub has no next
  /// page or the limit is reached.
  static func nextOffset(after links: GitHubLinkHeader, offset: Int, size: Int, key: RepoSearchKey) -> String? {
    guard links.next != nil else { return nil }
    var next = offset + size
    if let page = links.integer("page", of: "next") {
      let linkSize = links.integer("per_page", of: "next") ?? size
      let linked = (page - 1) * linkSize
      if linked > offset { next = linked }
    }
    return next < key.limit ? String(next) : nil
  }
}
