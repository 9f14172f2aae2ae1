/// How long a resolved instance lives.
public enum Scope: String, Sendable, CustomStringConvertible {
  /// A new instance on every resolve.
  case transient
  /// One instance per container, built on first resolve, exactly once even under concurrent first resolves.
  case singleton

  /// The scope's name.
  public var description: String { rawValue }
}
