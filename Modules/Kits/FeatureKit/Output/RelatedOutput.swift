import UseCase

/// Items another feature offers, in a command's JSON: an array when found (`[]` when nothing matched), `null` when
/// they are unavailable, so the field is always present and a script can tell "none" from "could not look".
public struct RelatedJSON<Item: Encodable>: Encodable {
  private let items: [Item]?

  /// The JSON of `related`, each item as `json` makes it.
  public init<Found>(_ related: Related<Found>, _ json: (Found) -> Item) {
    items = related.items?.map(json)
  }

  /// Writes the array, or `null`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let items { try container.encode(items) } else { try container.encodeNil() }
  }
}

extension Related {
  /// Why the items, `what` they are, are not shown ("related items are not shown: …."), when that is worth saying:
  /// a lookup that failed or was given up, not a feature the app was built without.
  public func unavailableNote(what: String) -> String? {
    guard case .unavailable(let why) = self, let reason = why.reason else { return nil }
    return "\(what) are not shown: \(reason)" + (reason.hasSuffix(".") ? "" : ".")
  }
}

extension Terminal {
  /// Says on standard error why `related` is not shown, when that is worth saying (`Related.unavailableNote(what:)`).
  public func noteUnavailable<Item>(_ related: Related<Item>, what: String) {
    guard let note = related.unavailableNote(what: what) else { return }
    errors.line("note: " + note)
  }
}
