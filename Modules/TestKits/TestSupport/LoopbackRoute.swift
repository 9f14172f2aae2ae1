/// A method and path pattern a ``LoopbackServer`` handler answers.
struct LoopbackRoute: Sendable {
  /// The method to match, upper-cased, or `nil` for any.
  let method: String?
  /// The pattern's segments; `*` matches any one segment and a final `**` matches the rest.
  let segments: [Substring]

  init(method: String?, path: String) {
    self.method = method?.uppercased()
    self.segments = path.split(separator: "/", omittingEmptySubsequences: false)
  }

  /// Whether this route answers `method` on the percent-encoded `path`.
  func matches(method: String, path: String) -> Bool {
    if let expected = self.method, expected != method.uppercased() { return false }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    for (index, pattern) in segments.enumerated() {
      if pattern == "**" && index == segments.count - 1 { return true }
      guard index < parts.count, pattern == "*" || pattern == parts[index] else { return false }
    }
    return parts.count == segments.count
  }
}
