/// A key a screen's hint line names, with the word that says what it does there (`s: stock`).
///
/// A screen names only the keys that act on it as it is shown: no `Enter` without something to open. The hints
/// follow the screen's message on the status line (`Items as of just now · Enter: open · m: mark · ?: keys`),
/// and whatever has more to say (a failure, what the last key did, why a change waits) replaces them.
public struct KeyHint: Hashable, Sendable {
  /// The key as the user presses it: `Enter`, `s`, `*`.
  public var key: String
  /// What it does here, in a word or two.
  public var word: String

  /// A hint naming `key` and what it does.
  public init(_ key: String, _ word: String) {
    self.key = key
    self.word = word
  }

  /// `?`, which every screen has: it shows the status message whole, then every key.
  public static let help = KeyHint("?", "keys")

  /// The separator between the message and the hints, and between hints.
  static let separator = " · "

  /// `message` followed by `hints`, fitted to `width` columns without cutting a word: when the whole line is too
  /// wide, the hints shorten from the last one: each in turn loses its word and keeps its key (`r: refresh`
  /// becomes `r`), then they leave, the last first, `?` last of all. A message wider than the row stands alone
  /// (the frame cuts it with `…`, and `?` shows it whole).
  public static func line(_ message: String, hints: [KeyHint], width: Int) -> String {
    guard !hints.isEmpty else { return message }
    func text(_ shown: [(hint: KeyHint, worded: Bool)]) -> String {
      let parts = shown.map { $0.worded ? $0.hint.key + ": " + $0.hint.word : $0.hint.key }
      return ((message.isEmpty ? [] : [message]) + parts).joined(separator: separator)
    }
    var shown = hints.map { (hint: $0, worded: true) }
    // Words go from the last hint to the first.
    for index in shown.indices.reversed() {
      if DisplayWidth.of(text(shown)) <= width { return text(shown) }
      shown[index].worded = false
    }
    // Then the hints themselves, the last first, `?` kept while another can go.
    while !shown.isEmpty {
      if DisplayWidth.of(text(shown)) <= width { return text(shown) }
      let last = shown.lastIndex { $0.hint != .help } ?? shown.index(before: shown.endIndex)
      shown.remove(at: last)
    }
    return message
  }
}
