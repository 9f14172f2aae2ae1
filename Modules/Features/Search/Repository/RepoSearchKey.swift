import Foundation
import Repository

/// What identifies one cached search: the query, its sort, order and language, and how many results were asked.
public struct RepoSearchKey: Hashable, Sendable, Codable {
  /// The words of the query, qualifiers included (`swift language:swift`), as typed.
  public var query: String
  /// `stars`, `forks`, `help-wanted-issues` or `updated`; `nil` for best match.
  public var sort: String?
  /// `asc` or `desc`; only sent with a sort.
  public var order: String?
  /// A language added to the query as `language:<language>`.
  public var language: String?
  /// How many results to collect, 1 to 1,000.
  public var limit: Int

  /// Creates a key; an order without a sort is dropped, as GitHub ignores it.
  public init(query: String, sort: String? = nil, order: String? = nil, language: String? = nil, limit: Int) {
    self.query = query
    self.sort = sort
    self.order = sort == nil ? nil : order
    self.language = language
    self.limit = limit
  }

  /// The `q` parameter: the query, then `language:<language>` when a language is set.
  public var searchText: String {
    guard let language else { return query }
    let qualifier = language.contains(" ") ? "language:\"\(language)\"" : "language:\(language)"
    return query.isEmpty ? qualifier : "\(query) \(qualifier)"
  }

  /// The key's stable text form in the cache: JSON with sorted keys.
  public var cacheKey: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else {
      return [query, sort ?? "", order ?? "", language ?? "", String(limit)].joined(separator: "\u{1F}")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// The name of the list this key asks the first `limit` results of: its cache key without the limit, the same for
  /// every limit, under which the cache keeps the list that answers smaller limits.
  public var listName: String {
    RepoSearchKey(query: query, sort: sort, order: order, language: language, limit: 0).cacheKey
  }
}
