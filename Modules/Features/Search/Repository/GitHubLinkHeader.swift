import Foundation
import Repository

/// A parsed `Link` header (RFC 8288), as GitHub sends it with paged answers:
/// `<https://api.github.com/search/repositories?q=swift&page=2>; rel="next", <…&page=34>; rel="last"`.
public struct GitHubLinkHeader: Sendable, Equatable {
  /// The target URL of each relation (`next`, `last`, `prev`, `first`), as given.
  public var targets: [String: String]

  /// Parses `value`; links without a target in `<…>` or without a `rel` are skipped.
  public init(_ value: String?) {
    targets = [:]
    guard let value else { return }
    var rest = Substring(value)
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else { break }
      let target = String(rest[rest.index(after: open)..<close])
      let afterTarget = rest[rest.index(after: close)...]
      let end = afterTarget.firstIndex(of: "<") ?? afterTarget.endIndex
      for relation in Self.relations(in: afterTarget[..<end]) where targets[relation] == nil {
        targets[relation] = target
      }
      rest = afterTarget[end...]
    }
  }

  /// The URL of the next page, if there is one.
  public var next: String? { targets["next"] }

  /// The value of the query parameter `name` in the target of `relation`, if it is a number.
  public func integer(_ name: String, of relation: String) -> Int? {
    guard let target = targets[relation], let components = URLComponents(string: target) else { return nil }
    return components.queryItems?.first { $0.name == name }?.value.flatMap { Int($0) }
  }

  /// The relation types in the parameters of one link: `rel="next"` or `rel="next last"`.
  private static func relations(in parameters: Substring) -> [String] {
    for parameter in parameters.split(separator: ";") {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
      let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\",")).lowercased()
      return value.split(separator: " ").map(String.init)
    }
    return []
  }
}
