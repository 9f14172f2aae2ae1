import Foundation

/// A request a ``LoopbackServer`` received, recorded for assertions.
public struct LoopbackRequest: Sendable, Hashable {
  /// One `name=value` pair of the query, percent-decoded.
  public struct QueryItem: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value (empty when the item had no `=`).
    public var value: String

    /// Creates a query item.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The method, upper-cased (`GET`).
  public var method: String
  /// The path as received, still percent-encoded (`/search/repositories`).
  public var path: String
  /// The query as received, still percent-encoded, without the `?` (empty if none).
  public var rawQuery: String
  /// The header fields, keyed by lower-cased name.
  public var headers: [String: String]
  /// The body.
  public var body: Data

  /// Creates a recorded request.
  public init(method: String, path: String, rawQuery: String, headers: [String: String], body: Data) {
    self.method = method
    self.path = path
    self.rawQuery = rawQuery
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.body = body
  }

  /// The value of the header `name`, compared case-insensitively.
  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// The query items, split on `&` and `=` and percent-decoded; `+` stays a literal plus.
  public var queryItems: [QueryItem] {
    rawQuery.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      let value = parts.count > 1 ? String(parts[1]) : ""
      return QueryItem(name: name.removingPercentEncoding ?? name, value: value.removingPercentEncoding ?? value)
    }
  }

  /// The first decoded value of the query item `name`.
  public func query(_ name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }

  /// The body as UTF-8 text.
  public var bodyText: String {
    String(decoding: body, as: UTF8.self)
  }
}
