/// A failure as the user sees it: a one-line title, what to do about it, and how it ends a command.
///
/// The app's one user-facing error type. Presenters and view models make it from their use cases' typed failures
/// (and the kits' commands from their own checks); a command that stops on one throws it, and the app prints
/// `error: <title>` and the hint, and ends with the exit status its ``Kind`` calls for.
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
  /// What to do about it; empty when there is nothing to add.
  public var hint: String
  /// How the failure ends a command.
  public var kind: Kind

  /// A failure titled `title`, with `hint` on what to do (none when empty), ending a command as `kind` says.
  public init(title: String, hint: String = "", kind: Kind = .failure) {
    self.title = title
    self.hint = hint
    self.kind = kind
  }

  /// The title, then the hint on its own line when there is one.
  public var description: String { hint.isEmpty ? title : "\(title)\n\(hint)" }

  /// What a failure quotes of an origin's or the user's text: at most `limit` characters, then `…`, so that one
  /// message (a server's can be a page long) cannot flood a terminal. Made one line where it is shown.
  public static func quoting(_ text: String, limit: Int = 300) -> String {
    text.count > limit ? String(text.prefix(limit)) + "…" : text
  }
}
