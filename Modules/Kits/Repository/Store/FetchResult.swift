/// What the origin answered: a value and, for paged lists, the key of the page after it.
public struct FetchResult<Value: Sendable>: Sendable {
  /// The value (for a paged list: one page).
  public var value: Value
  /// The key of the next page; `nil` when this was the last page or the value is not paged.
  public var nextPageKey: String?

  /// Creates a result.
  public init(_ value: Value, nextPageKey: String? = nil) {
    self.value = value
    self.nextPageKey = nextPageKey
  }
}

extension FetchResult: Equatable where Value: Equatable {}
