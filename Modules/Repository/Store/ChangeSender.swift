import Foundation
import Infrastructure

/// What an origin made of one change.
public enum ChangeDelivery: Sendable {
  /// The origin took it.
  case delivered
  /// The origin refused it for good (it cannot take it, ever): the change is undone locally.
  case refused(any Error)
  /// It could not be delivered now (cannot connect, timed out, a server error, a rate limit until `retryAt`): it
  /// keeps waiting.
  case failed(any Error, retryAt: Date?)
}

/// Delivers one feature's changes (one namespace of `pending_changes`) to their origin, with the token they were
/// made with. A feature registers one through its assembly; ``ChangeOutbox`` runs them.
public struct ChangeSender: Sendable {
  /// The namespace of the changes it delivers.
  public let namespace: String
  /// The origin it talks to; a change made for another waits.
  public let origin: String
  /// The SHA-256 of the token it sends; a change made with another waits.
  public let tokenHash: String
  let describe: @Sendable (PendingChange) -> String
  let deliver: @Sendable (PendingChange) async -> ChangeDelivery
  let settled: @Sendable (PendingChange) async -> Void

  /// A sender for the changes `store` writes (its cacher keeps them under `namespace`, for `origin` and the token
  /// hashed as `tokenHash`).
  ///
  /// - Parameters:
  ///   - key: The store's key from its text form in the table; `nil` when it cannot be read.
  ///   - describe: The change in a few words, such as `star octo/hello`.
  ///   - deliver: Sends the key's new value to the origin and says what the origin made of it.
  public init<Key: Sendable, Value: Decodable & Sendable>(
    store: Store<Key, Value>, namespace: String, origin: String, tokenHash: String,
    key: @escaping @Sendable (String) -> Key?,
    describe: @escaping @Sendable (Key, Value) -> String,
    deliver: @escaping @Sendable (Key, Value) async -> ChangeDelivery
  ) {
    self.namespace = namespace
    self.origin = origin
    self.tokenHash = tokenHash
    let decode: @Sendable (PendingChange) -> (Key, Value)? = { change in
      guard let key = key(change.key), let value = try? JSONDecoder().decode(Value.self, from: change.payload)
      else { return nil }
      return (key, value)
    }
    self.describe = { change in decode(change).map(describe) ?? "\(change.namespace) \(change.key)" }
    self.deliver = { change in
      guard let (key, value) = decode(change) else { return .refused(ChangeError.unreadable(key: change.key)) }
      return await deliver(key, value)
    }
    settled = { change in
      if let key = key(change.key) { await store.reload(key) }
    }
  }
}

/// Why a change could not be sent, apart from what its origin answered.
public enum ChangeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The change was recorded by a version of the app that wrote it differently; it cannot be sent.
  case unreadable(key: String)
  /// No feature of this app sends changes of this kind.
  case noSender(namespace: String)
  /// The change was made for another origin than the one configured now.
  case otherOrigin(String)
  /// The change was made with another token than the one set now (or with one, and none is set).
  case otherToken
  /// Another run of the app is sending an earlier change of the same item; it sends this one after it.
  case beingSent

  /// A one-line reason.
  public var description: String {
    switch self {
    case .unreadable(let key): "the change to \(key) was recorded in a form this version cannot read"
    case .noSender(let namespace):
      "the feature that made it (\(namespace.split(separator: ".").first ?? "")) is not in this app"
    case .otherOrigin(let origin): "it was made for \(origin), and another API URL is set now"
    case .beingSent: "another run of the app is sending an earlier change of it, and sends this one next"
    case .otherToken:
      "it was made with another token than the one set now; set that token again to send it, or drop it"
    }
  }
}
