import TestScheduling
import Testing

@testable import FeatureKit

/// The bytes a terminal sends in raw mode, decoded as keys, however they are split.
@Suite(.untimed) struct KeyDecoderTests {
  private func keys(_ chunks: [String]) -> [Key] {
    var decoder = KeyDecoder()
    return chunks.flatMap { decoder.feed(Array($0.utf8)) }
  }

  @Test func arrowsPagesAndEditingKeys() {
    #expect(
      keys(["\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}OA\u{1B}[H\u{1B}[4~\u{1B}[Z"])
        == [.up, .down, .right, .left, .pageUp, .pageDown, .up, .home, .end, .backTab])
    #expect(
      keys(["\r", "\n", "\t", "\u{7F}", "\u{08}", "\u{03}", "\u{1A}"])
        == [.enter, .enter, .tab, .backspace, .backspace, .interrupt, .suspend])
  }

  /// Ctrl-U and Ctrl-W edit a text field; other control bytes mean nothing here.
  @Test func ctrlUAndCtrlWAreKeysOtherControlBytesAreDropped() {
    #expect(
      keys(["\u{15}", "a\u{17}", "\u{01}\u{05}b"]) == [.clearLine, .character("a"), .deleteWord, .character("b")])
  }

  @Test func aSequenceSplitAnywhereIsOneKey() {
    #expect(keys(["\u{1B}", "[", "6", "~"]) == [.pageDown])
    #expect(keys(["\u{1B}[", "B", "j"]) == [.down, .character("j")])
  }

  @Test func aLoneEscapeIsAKeyOnlyAfterTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}".utf8)) == [])
    #expect(decoder.isPending)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.isPending)
    // Esc, then a letter typed later: two keys.
    #expect(decoder.feed(Array("\u{1B}".utf8)) == [])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
    // Two Esc at once: the first is a key of its own.
    #expect(decoder.feed(Array("\u{1B}\u{1B}[A".utf8)) == [.escape, .up])
  }

  @Test func multibyteCharactersSplitAcrossReadsAreWhole() {
    let bytes = Array("日本".utf8)
    var decoder = KeyDecoder()
    #expect(decoder.feed(bytes[0..<2]) == [])
    #expect(decoder.feed(bytes[2..<4]) == [.character("日")])
    #expect(decoder.feed(bytes[4...]) == [.character("本")])
  }

  @Test func aBracketedPasteIsOneEditWhateverItHolds() {
    #expect(
      keys(["x\u{1B}[200~swift \u{1B}[A", "ラ\n", "ng\u{1B}[20", "1~y"])
        == [.character("x"), .paste("swift \u{1B}[Aラ\nng"), .character("y")])
  }

  @Test func unknownSequencesAndControlBytesAreDropped() {
    #expect(keys(["\u{1B}[99X", "\u{01}", "a"]) == [.character("a")])
  }
}
