import Foundation

/// How JSON object keys map to Swift property names when decoding.
public enum JSONKeyDecoding: Sendable, Hashable {
  /// Keys are used as they are.
  case useDefaultKeys
  /// `snake_case` keys become `camelCase` properties (`full_name` → `fullName`).
  case convertFromSnakeCase

  /// A fresh decoder with this key strategy and ISO 8601 dates.
  func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    switch self {
    case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
    case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
    }
    return decoder
  }
}

extension DecodingError {
  /// A one-line account of what did not match and where, e.g. `missing key 'id' at items[2]`.
  var summary: String {
    switch self {
    case .typeMismatch(let type, let context):
      return "expected \(type) at \(Self.location(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "missing \(type) value at \(Self.location(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "missing key '\(key.stringValue)' at \(Self.location(context.codingPath))"
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
      let reason = (underlying ?? context.debugDescription).oneLine
        .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
      return context.codingPath.isEmpty ? reason : "\(reason) at \(Self.location(context.codingPath))"
    @unknown default:
      return "\(self)".oneLine
    }
  }

  /// A coding path as `items[2].owner.login`, or `the top level`.
  static func location(_ path: [any CodingKey]) -> String {
    guard !path.isEmpty else { return "the top level" }
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }
}
