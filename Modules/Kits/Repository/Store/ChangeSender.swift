import Foundation
import Infrastructure

/// What an origin made of one change.
public enum ChangeDelivery: Sendable {
  /// The origin took it (or held it already).
  case delivered
  /// The origin refused it for good (it cannot take it, ever): the change is undone locally.
  case refused(any Error)
  /// It could not be delivered now; it keeps waiting, and `wait` says what that means for the others.
  case waits(any Error, ChangeWait)
}

/// Why a change that could not be delivered waits, and what that means for the changes after it.
public enum ChangeWait: Sendable, Equatable {
  /// The origin failed this request (a server error): the next change may go.
  case passing
  /// The origin cannot be reached (cannot connect, timed out): the rest of the run's changes for it wait untried.
  case originAway
  /// The origin asked for a pause (a rate limit): no change goes to it, from any process, before this time.
  case until(Date)
  /// A local setting keeps the change from being sent (trust, a token the configuration will not send): it waits,
  /// never undone, and so do the rest of the run's changes for the origin.
  case setting
}

/// The words for why a change was refused or waits: the same a feature's own command uses.
public struct ChangeReason: Sendable, Equatable {
  /// One line: what happened.
  public var text: String
  /// What to do about it, if anything.
  public var hint: String?

  /// Creates a reason.
  public init(_ text: String, hint: String? = nil) {
    self.text = text
    self.hint = hint
  }
}

/// How a store whose data can change sends its changes: what a change's key is in the table, how it is told in a
/// few words, and how it is delivered to the origin.
public struct Updater<Key: Sendable, Value: Sendable>: Sendable {
  let key: @Sendable (String) -> Key?
  let decode: @Sendable (Data) -> Value?
  let describe: @Sendable (Key, Value) -> String
  let explain: @Sendable (any Error, Key) -> ChangeReason
  let deliver: @Sendable (Key, Value) async -> ChangeDelivery

  /// An updater.
  ///
  /// - Parameters:
  ///   - key: The key from its text form, as the user gives it (``ChangeOutbox/discard(_:)``) or as the table
  ///     keeps it; `nil` when it is not one.
  ///   - describe: The change in a few words, such as `star octo/hello`.
  ///   - explain: Why the change was refused or waits, in the words the feature's commands use.
  ///   - deliver: Sends the key's new value to the origin and says what the origin made of it.
  public init(
    key: @escaping @Sendable (String) -> Key?,
    describe: @escaping @Sendable (Key, Value) -> String,
    explain: @escaping @Sendable (any Error, Key) -> ChangeReason,
    deliver: @escaping @Sendable (Key, Value) async -> ChangeDelivery
  ) where Value: Decodable {
    self.key = key
    decode = { try? JSONDecoder().decode(Value.self, from: $0) }
    self.describe = describe
    self.explain = explain
    self.deliver = deliver
  }
}

/// Where a store keeps its changes in `pending_changes`: its namespace, its origin, and its token's hash.
public struct ChangeScope: Sendable, Hashable {
  /// The kind of data (`<feature>.<kind>`).
  public var namespace: String
  /// The origin's URL.
  public var origin: String
  /// The SHA-256 of the token (empty when the origin takes none).
  public var tokenHash: String

  /// Creates a scope.
  public init(namespace: String, origin: String, tokenHash: String) {
    self.namespace = namespace
    self.origin = origin
    self.tokenHash = tokenHash
  }

  /// Whether `change` is this scope's.
  public func holds(_ change: PendingChange) -> Bool {
    change.namespace == namespace && change.origin == origin && change.tokenHash == tokenHash
  }
}

/// Delivers one store's changes to its origin, with the token they were made with: a ``Store`` made with an
/// ``Updater`` has one (``Store/sender``), which its feature registers for `app sync` and `app ui` to send what
/// waits.
public struct ChangeSender: Sendable {
  /// Where the changes it delivers are kept; a change made for another origin or token waits.
  public let scope: ChangeScope
  let keyText: @Sendable (String) -> String?
  let describe: @Sendable (PendingChange) -> String
  let explain: @Sendable (any Error, PendingChange) -> ChangeReason
  let deliver: @Sendable (PendingChange) async -> ChangeDelivery
  let settled: @Sendable (PendingChange) async -> Void

  /// The namespace of the changes it delivers.
  public var namespace: String { scope.namespace }

  init<Key, Value>(
    scope: ChangeScope, updater: Updater<Key, Value>, keyText: @escaping @Sendable (Key) -> String,
    settled: @escaping @Sendable (Key) async -> Void
  ) {
    self.scope = scope
    self.keyText = { text in updater.key(text).map(keyText) }
    let decode: @Sendable (PendingChange) -> (Key, Value)? = { change in
      guard let key = updater.key(change.key), let value = updater.decode(change.payload) else { return nil }
      return (key, value)
    }
    describe = { change in decode(change).map(updater.describe) ?? "\(change.namespace) \(change.key)" }
    explain = { error, change in
      if let change = error as? ChangeError { return ChangeReason(change.description) }
      guard let key = updater.key(change.key) else { return ChangeReason("\(error)") }
      return updater.explain(error, key)
    }
    deliver = { change in
      guard let (key, value) = decode(change) else { return .refused(ChangeError.unreadable(key: change.key)) }
      return await updater.deliver(key, value)
    }
    self.settled = { change in
      if let key = updater.key(change.key) { await settled(key) }
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
  /// The origin asked for a pause until `until`, for `reason`; nothing goes to it before then.
  case held(until: Date, reason: String)
  /// The origin did not answer earlier in this run (`reason`); the change was not tried, to spare a wait per change.
  case originAway(reason: String)
  /// Another run of the app tried the change while this one waited for it, and left it waiting (`reason`, its
  /// failure, when it noted one); this run does not try it again.
  case triedElsewhere(reason: String?)

  /// A one-line reason.
  public var description: String {
    switch self {
    case .unreadable(let key): "the change to \(key) was recorded in a form this version cannot read"
    case .noSender(let namespace):
      "the feature that made it (\(namespace.split(separator: ".").first ?? "")) is not in this app"
    case .otherOrigin(let origin):
      "it was made for \(origin), and another API URL is set now; set that one again to send it, or drop it "
        + "(app sync --discard)"
    case .otherToken:
      "it was made with another token than the one set now; set that token again to send it, or drop it "
        + "(app sync --discard)"
    case .held(_, let reason): reason
    case .originAway(let reason): "not tried: \(reason)"
    case .triedElsewhere(let reason): "another run of the app tried it just now" + (reason.map { ": \($0)" } ?? "")
    }
  }
}

/// How one kind of change's failures are said, registered by the feature whose commands say them (its presenter
/// layer), so that `app sync`, `--list` and the feature's own commands use one wording per failure.
public struct ChangeWording: Sendable {
  let explain: @Sendable (any Error, String) -> ChangeReason

  /// A wording; `explain` takes the failure and the key as the feature shows it.
  public init(explain: @escaping @Sendable (any Error, String) -> ChangeReason) {
    self.explain = explain
  }

  /// Why `error` stopped the change of `key`.
  public func reason(_ error: any Error, key: String) -> ChangeReason {
    explain(error, key)
  }
}
