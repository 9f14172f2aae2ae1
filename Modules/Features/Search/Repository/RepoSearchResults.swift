import Repository

/// The repos found for one search, page after page, as the cache keeps them; one page of them is what GitHub's
/// search answers (`total_count`, `incomplete_results`, `items`), decoded as it is.
///
/// A `RangeReplaceableCollection` of search items, so the store can append each next page to the cached list.
/// Appending another `RepoSearchResults` also takes over its total count and keeps `incompleteResults`
/// when any page had it.
public struct RepoSearchResults: RangeReplaceableCollection, Codable, Sendable, Equatable {
  /// The items found so far, in the order GitHub ranked them.
  public var items: [RepoItemResponse]
  /// How many repos match in all, as the last page said.
  public var totalCount: Int
  /// Whether any page was cut short by GitHub's search timeout.
  public var incompleteResults: Bool

  /// Creates results.
  public init(items: [RepoItemResponse], totalCount: Int, incompleteResults: Bool) {
    self.items = items
    self.totalCount = totalCount
    self.incompleteResults = incompleteResults
  }

  /// No items, nothing matched.
  public init() {
    self.init(items: [], totalCount: 0, incompleteResults: false)
  }

  /// The position of the first item.
  public var startIndex: Int { items.startIndex }

  /// The position after the last item.
  public var endIndex: Int { items.endIndex }

  /// The item at `position`.
  public subscript(position: Int) -> RepoItemResponse { items[position] }

  /// The position after `index`.
  public func index(after index: Int) -> Int { items.index(after: index) }

  /// Replaces the items in `subrange` with `newElements`.
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == RepoItemResponse {
    items.replaceSubrange(subrange, with: newElements)
  }

  /// Appends `newElements`; another page also brings its total count and incompleteness.
  public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == RepoItemResponse {
    if let page = newElements as? RepoSearchResults {
      totalCount = page.totalCount
      incompleteResults = incompleteResults || page.incompleteResults
    }
    items.append(contentsOf: newElements)
  }
}
