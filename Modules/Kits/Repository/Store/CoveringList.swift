/// A list kept to answer shorter requests for the same list: the limit it was asked with, the items the origin
/// answered, and whether the origin said it had more after them.
///
/// It answers a request for `limit` items when it holds at least that many, or when it is the whole list: fewer
/// items than it was asked for, and no word of more. So a list of 30 asked with 30 answers any request up to 30, and
/// a list of 7 asked with 10, without more, answers every request.
public struct CoveringList<List: RangeReplaceableCollection & Codable & Sendable>: Codable, Sendable {
  /// How many items it was asked with.
  public var limit: Int
  /// What the origin answered, in its order.
  public var items: List
  /// Whether the origin said it had more items after these (a next page).
  public var hasMore: Bool

  /// A list asked with `limit`, answered with `items`; `hasMore` when the origin said more followed.
  public init(limit: Int, items: List, hasMore: Bool) {
    self.limit = limit
    self.items = items
    self.hasMore = hasMore
  }

  /// Whether it is the whole list: the origin answered fewer items than it was asked for, and no word of more.
  public var isWhole: Bool {
    !hasMore && items.count < limit
  }

  /// Whether it answers a request for `limit` items: it holds that many, or it is the whole list.
  public func answers(limit asked: Int) -> Bool {
    items.count >= asked || isWhole
  }

  /// Its first `limit` items, as a list of its kind (whatever else the list carries is kept).
  public func first(_ limit: Int) -> List {
    var list = items
    if list.count > limit {
      list.removeSubrange(list.index(list.startIndex, offsetBy: max(limit, 0))..<list.endIndex)
    }
    return list
  }

  /// Whether it answers a request `other` does not: `other` is not the whole list, and this one is, or holds more.
  public func answersMore(than other: CoveringList) -> Bool {
    !other.isWhole && (isWhole || items.count > other.items.count)
  }
}
