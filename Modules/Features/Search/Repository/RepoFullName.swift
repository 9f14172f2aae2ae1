import Repository

/// A repo's `owner/name`, checked against GitHub's rules so it is safe to put in a URL path.
///
/// Owners have 1 to 39 letters, digits or hyphens; names 1 to 100 letters, digits, `.`, `-` or `_`, and are
/// not `.` or `..`. GitHub compares both without regard to case, so equal names compare equal here too.
public struct RepoFullName: Hashable, Sendable, CustomStringConvertible {
  /// The owner's login, as given.
  public let owner: String
  /// The repo's name, as given.
  public let name: String

  /// Parses `owner/name`; `nil` when it is not one.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    self.init(owner: String(parts[0]), name: String(parts[1]))
  }

  /// Parses what a user may give for a repo, as `gh` accepts it: `owner/name`, or its web address
  /// `https://<host>/owner/name` (`http://` too, any host for GitHub Enterprise), with an optional trailing `/` or
  /// `.git`; `nil` for any other shape (more path segments, a query, a fragment, a user or a port).
  public init?(argument text: String) {
    let lowered = text.lowercased()
    guard let scheme = ["https://", "http://"].first(where: { lowered.hasPrefix($0) }) else {
      self.init(text)
      return
    }
    var rest = Substring(text.dropFirst(scheme.count))
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    let host = rest[..<slash]
    guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else {
      return nil
    }
    rest = rest[rest.index(after: slash)...]
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    if rest.lowercased().hasSuffix(".git") { rest = rest.dropLast(4) }
    self.init(String(rest))
  }

  /// The host of `text`, lower-cased, when it is a web address (`https://github.com/owner/repo`); `nil` for
  /// `owner/name`.
  public static func host(of text: String) -> String? {
    let lowered = text.lowercased()
    guard let scheme = ["https://", "http://"].first(where: { lowered.hasPrefix($0) }) else { return nil }
    let rest = lowered.dropFirst(scheme.count)
    return String(rest.prefix { $0 != "/" })
  }

  /// Checks an owner and a name; `nil` when either breaks GitHub's rules.
  public init?(owner: String, name: String) {
    guard Self.isOwner(owner), Self.isName(name) else { return nil }
    self.owner = owner
    self.name = name
  }

  /// `owner/name`, as given.
  public var description: String { "\(owner)/\(name)" }

  /// `owner/name` in lower case: the same for every spelling GitHub treats as the same repo.
  public var canonical: String { description.lowercased() }

  /// Compares without regard to case.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.canonical == rhs.canonical }

  /// Hashes without regard to case.
  public func hash(into hasher: inout Hasher) { hasher.combine(canonical) }

  private static func isOwner(_ text: String) -> Bool {
    (1...39).contains(text.utf8.count) && text.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
  }

  private static func isName(_ text: String) -> Bool {
    guard (1...100).contains(text.utf8.count), text != ".", text != ".." else { return false }
    return text.utf8.allSatisfy { byte in
      isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      false
    }
  }
}
