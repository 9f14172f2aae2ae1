/// A failure as the user sees it: a one-line title and what to do about it.
public struct UserFacingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// How the failure should end a command.
  public enum Kind: Hashable, Sendable {
    /// The command failed (exit 1).
    case failure
    /// Authentication is required or was rejected (exit 4).
    case authentication
    /// The request itself was wrong (exit 64).
    case usage
  }

  /// What went wrong, in one line.
  public var title: String
  /// What to do about it.
  public var hint: String
  /// How the failure ends a command.
  public var kind: Kind

  /// Creates a user-facing error.
  public init(title: String, hint: String, kind: Kind = .failure) {
    self.title = title
    self.hint = hint
    self.kind = kind
  }

  /// The title, then the hint.
  public var description: String { hint.isEmpty ? title : "\(title)\n\(hint)" }
}
