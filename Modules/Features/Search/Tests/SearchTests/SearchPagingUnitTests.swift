import Foundation
import Testing

@testable import SearchRepository

extension SearchFeatureTests {
  @Suite("Search: Link headers and page sizes")
  struct SearchPagingUnitTests {
    @Test("GitHub's Link header: next, last, prev and first, with their page numbers")
    func linkHeader() {
      let header = GitHubLinkHeader(
        "<https://api.github.com/search/repositories?q=a%2Cb&per_page=100&page=3>; rel=\"next\", "
          + "<https://api.github.com/search/repositories?q=a%2Cb&per_page=100&page=10>; rel=\"last\", "
          + "<https://api.github.com/search/repositories?q=a,b&per_page=100&page=1>; rel=\"prev\", "
          + "<https://api.github.com/search/repositories?q=a,b&per_page=100&page=1>; rel=\"first\"")

      #expect(Set(header.targets.keys) == ["next", "last", "prev", "first"])
      #expect(header.integer("page", of: "next") == 3)
      #expect(header.integer("per_page", of: "next") == 100)
      #expect(header.integer("page", of: "last") == 10)
      #expect(header.targets["prev"] == "https://api.github.com/search/repositories?q=a,b&per_page=100&page=1")
    }

    @Test("no header, an empty one, or garbage has no links")
    func noLinks() {
      #expect(GitHubLinkHeader(nil).next == nil)
      #expect(GitHubLinkHeader("").targets.isEmpty)
      #expect(GitHubLinkHeader("garbage; rel=next").targets.isEmpty)
      #expect(GitHubLinkHeader("<https://x/y?page=2>; title=\"no rel\"").targets.isEmpty)
    }

    @Test(
      "page sizes: min(remaining, 100), widened only to start exactly at the offset",
      arguments: [(0, 250, 100), (100, 150, 100), (200, 50, 50), (100, 30, 50), (0, 5, 5), (0, 100, 100), (300, 1, 1)])
    func pageSize(offset: Int, wanted: Int, size: Int) {
      #expect(RepoSearchFetcher.pageSize(offset: offset, wanted: wanted) == size)
      #expect(offset % size == 0)
    }

    @Test("owner/repo names follow GitHub's rules and compare without case")
    func repositoryNames() {
      #expect(RepoFullName("apple/swift-nio")?.description == "apple/swift-nio")
      #expect(RepoFullName("Apple/Swift") == RepoFullName("apple/swift"))
      #expect(RepoFullName("a-b/c.d_e")?.canonical == "a-b/c.d_e")
      for bad in [
        "", "apple", "a/b/c", "/b", "a/", "a b/c", "a/..", "a/.", "é/x", String(repeating: "o", count: 40) + "/x",
      ] {
        #expect(RepoFullName(bad) == nil, "\(bad)")
      }
    }
  }
}
