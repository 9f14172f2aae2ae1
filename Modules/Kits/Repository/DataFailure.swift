import Foundation
import Infrastructure

/// Why the data layer could not answer, told once for every feature: the kits' own errors (the store's, the
/// storage's, the settings', the HTTP and GraphQL clients', a change's) in the few kinds a use case tells its user
/// apart. A feature's typed failure maps these kinds and its own origin's errors, never each kit error.
public enum DataFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// A cache-only read found nothing cached.
  case notCached
  /// The app's database could not be read or written; the text says why and what to do.
  case storage(String)
  /// A setting is wrong (a configuration value, a trust setting); the text names it.
  case configuration(String)
  /// The origin answered that it failed or is busy: an HTTP 5xx or 429 status (said without the HTTP layer's
  /// advice, for the feature to give its own), or GraphQL errors.
  case originFailed(String)
  /// The origin answered, but not with data the app can use.
  case originUnusable(String)
  /// The origin could not be reached.
  case originUnreachable(String)
  /// The change is kept and waits until `until`, the time the origin asked for; `reason` says so.
  case changeHeld(until: Date, reason: String)
  /// The change is kept and waits, for a reason of its own (another run sends it, another token made it).
  case changeWaits(String)
  /// Anything else, described.
  case other(String)

  /// Classifies `error`, thrown by the kits below a use case.
  public init(_ error: any Error) {
    switch error {
    case let failure as DataFailure: self = failure
    case StoreError.notCached: self = .notCached
    case HTTPError.trustSetting(let problem), GraphQLError.http(.trustSetting(let problem)):
      self = .configuration(problem.description)
    case let error as ConfigurationError: self = .configuration("\(error)")
    case let error as StorageError: self = .storage("\(error)")
    case GraphQLError.server: self = .originFailed("\(error)")
    case GraphQLError.http(let status) where status.isOriginFailure: self = .originFailed(status.statement)
    case let status as HTTPError where status.isOriginFailure: self = .originFailed(status.statement)
    case let error as GraphQLError: self = .originUnusable("\(error)")
    case let error as HTTPError: self = .originUnreachable("\(error)")
    case ChangeError.held(let until, _): self = .changeHeld(until: until, reason: "\(error)")
    case let error as ChangeError: self = .changeWaits("\(error)")
    default: self = .other("\(error)")
    }
  }

  /// A one-line message: the text of the error it was classified from.
  public var description: String {
    switch self {
    case .notCached: "nothing is cached for this read"
    case .storage(let text), .configuration(let text), .originFailed(let text), .originUnusable(let text),
      .originUnreachable(let text), .changeWaits(let text), .other(let text):
      text
    case .changeHeld(_, let reason): reason
    }
  }
}

extension HTTPError {
  /// Whether the origin answered that it failed or is busy (429 or 5xx): its address and the network are fine.
  fileprivate var isOriginFailure: Bool {
    guard case .status(let code, _, _) = self else { return false }
    return code == 429 || (500...599).contains(code)
  }
}
