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

  /// Parses what a user may give for a repo, as `gh` accepts it: `owner/name`, `host/owner/name`, a web address
  /// `https://<host>/owner/name` (`http://` too, any host for GitHub Enterprise), a clone address
  /// (`git@<host>:owner/name.git`, `ssh://git@<host>/owner/name.git`, `git://<host>/owner/name.git`), with an
  /// optional trailing `/` or `.git`; `nil` for any other shape (see `Address.longerPath`).
  public init?(argument text: String) {
    guard let address = Address(text), address.segments.count == 2 else { return nil }
    self.init(owner: address.segments[0], name: address.segments[1])
  }

  /// The host of `text`, lower-cased and without `www.`, when it names one (`https://github.com/owner/repo`,
  /// `git@github.com:owner/repo.git`, `github.com/owner/repo`); `nil` for `owner/name`.
  public static func host(of text: String) -> String? {
    Address(text)?.host
  }

  /// The repo a longer path of a repo's address starts with (`https://github.com/owner/repo/issues` gives
  /// `owner/repo`), `nil` for any other text: what a refusal of `text` suggests.
  public static func repo(startingPathOf text: String) -> RepoFullName? {
    guard let address = Address(text), address.segments.count > 2 else { return nil }
    return RepoFullName(owner: address.segments[0], name: address.segments[1])
  }

  /// A repo argument taken apart: the host it names, if any, and its path's segments.
  struct Address {
    /// The host, lower-cased, without `www.` and without a port; `nil` for `owner/name`.
    let host: String?
    /// The path's segments, without a trailing `/` and without `.git` on the last one.
    let segments: [String]

    /// `nil` for text with a query, a fragment, spaces or an empty segment.
    init?(_ text: String) {
      guard !text.isEmpty, !text.contains(where: { $0 == "?" || $0 == "#" || $0.isWhitespace }) else { return nil }
      var host: Substring?
      var path = Substring(text)
      let lowered = text.lowercased()
      if let scheme = ["https://", "http://", "ssh://", "git+ssh://", "git://"].first(where: { lowered.hasPrefix($0) })
      {
        // scheme://[user@]host[:port]/path
        var rest = path.dropFirst(scheme.count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        var authority = rest[..<slash]
        rest = rest[rest.index(after: slash)...]
        if let at = authority.lastIndex(of: "@") {
          // A user is how ssh addresses log in (`git@`); a web address never carries one here.
          guard !scheme.hasPrefix("http") else { return nil }
          authority = authority[authority.index(after: at)...]
        }
        if let colon = authority.firstIndex(of: ":") {
          guard !scheme.hasPrefix("http"), authority[authority.index(after: colon)...].allSatisfy(\.isNumber) else {
            return nil
          }
          authority = authority[..<colon]
        }
        host = authority
        path = rest
      } else if let colon = path.firstIndex(of: ":") {
        // scp-like: [user@]host:path
        var authority = path[..<colon]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        host = authority
        path = path[path.index(after: colon)...]
      } else if path.split(separator: "/", omittingEmptySubsequences: false).count > 2,
        let slash = path.firstIndex(of: "/"), path[..<slash].contains(".")
      {
        // host/owner/name: a first segment with a dot is a host (an owner never has one).
        host = path[..<slash]
        path = path[path.index(after: slash)...]
      }
      if let given = host {
        guard !given.isEmpty, given.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else {
          return nil
        }
        var lowered = given.lowercased()
        if lowered.hasPrefix("www.") { lowered.removeFirst(4) }
        self.host = lowered
      } else {
        self.host = nil
      }
      if path.hasSuffix("/") { path = path.dropLast() }
      var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      if segments.count >= 2, segments[1].lowercased().hasSuffix(".git"), segments[1].count > 4 {
        segments[1].removeLast(4)
      }
      guard segments.count >= 2, !segments.contains(where: \.isEmpty) else { return nil }
      self.segments = segments
    }
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
