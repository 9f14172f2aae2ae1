/// A screen's lines, some of which can be selected, with a selection kept in view: ↑/↓ and j/k move it from one
/// selectable line to the next, PgUp/PgDn by a page.
public struct SelectableList<Item: Sendable & Equatable>: Sendable {
  /// One line: its text, and the item behind it when the line can be selected.
  public struct Line: Sendable {
    /// The line as shown.
    public var text: String
    /// What selecting the line selects; `nil` for a line that cannot be selected (a heading).
    public var item: Item?

    /// A line showing `text`, standing for `item` if it can be selected.
    public init(_ text: String, item: Item? = nil) {
      self.text = text
      self.item = item
    }
  }

  /// A section of items from another feature, as a view words it (a blank line, its heading, then a line an
  /// item): the items' lines stand for `items` when `selectable` (a route opens them), else nothing can be selected.
  public static func relatedSection(_ lines: [String], items: [Item], selectable: Bool) -> [Line] {
    lines.enumerated().map { index, line in
      Line(line, item: selectable && (2..<2 + items.count).contains(index) ? items[index - 2] : nil)
    }
  }

  /// The lines.
  public private(set) var lines: [Line] = []
  /// The index of the selected line, if any line can be selected.
  public private(set) var selected: Int?
  /// The first line shown.
  public private(set) var top = 0
  /// The view shows the top of the lines (the list was just shown, or ↑, PgUp or Home went above the first
  /// selectable line), and the selection may be below it: the view moves only by a key.
  private var above = true

  /// An empty list.
  public init() {}

  /// The item of the selected line.
  public var selectedItem: Item? { selected.flatMap { lines[$0].item } }

  /// Replaces the lines, keeping the selection on the line of the same item when there still is one, else at the
  /// same position.
  public mutating func replace(with newLines: [Line]) {
    let previous = selectedItem
    let position = selected ?? 0
    lines = newLines
    let selectable = newLines.indices.filter { newLines[$0].item != nil }
    if let previous, let same = selectable.first(where: { newLines[$0].item == previous }) {
      selected = same
    } else {
      selected = selectable.first { $0 >= position } ?? selectable.last
    }
    // Lines that change under a view scrolled by hand (a detail whose star or related section comes later) keep
    // it where it is; the next frame keeps it within the lines.
    if newLines.isEmpty { top = 0 }
    above = above && selected == firstSelectable
  }

  /// Moves the selection by `steps` selectable lines (negative: up), stopping at the ends.
  public mutating func move(by steps: Int) {
    guard let current = selected else { return }
    let selectable = lines.indices.filter { lines[$0].item != nil }
    guard let at = selectable.firstIndex(of: current) else { return }
    selected = selectable[max(0, min(selectable.count - 1, at + steps))]
  }

  /// Moves the selection by a page of `height` lines (negative: up).
  public mutating func page(by pages: Int, height: Int) {
    guard let current = selected else {
      top = max(0, min(lines.count - height, top + pages * height))
      return
    }
    let target = current + pages * max(height - 1, 1)
    let selectable = lines.indices.filter { lines[$0].item != nil }
    let next =
      pages > 0
      ? selectable.first { $0 >= target } ?? selectable.last : selectable.last { $0 <= target } ?? selectable.first
    selected = next
  }

  /// Handles a moving key; returns whether it was one. With no line to select, the keys scroll the lines. Home, and
  /// ↑, k or PgUp on the first selectable line, show the top of the content at once, headings included. While the
  /// view shows the top and the selection is below it (a detail opens at its first line), ↓ and j scroll one line
  /// until the selection is in view, then move it.
  public mutating func handle(_ key: Key, height: Int) -> Bool {
    let lastTop = max(0, lines.count - height)
    guard let current = selected else {
      switch key {
      case .up, .character("k"): top = max(0, top - 1)
      case .down, .character("j"): top = min(lastTop, top + 1)
      case .pageUp: top = max(0, top - height)
      case .pageDown: top = min(lastTop, top + height)
      case .home: top = 0
      case .end: top = lastTop
      default: return false
      }
      return true
    }
    let atFirst = current == firstSelectable
    if above, current >= top + height, [.down, .character("j")].contains(key) {
      // The selection is below the view, which shows the top: a line comes into view before the selection moves,
      // so that every line can be read.
      top = min(lastTop, top + 1)
      return true
    }
    above = false
    switch key {
    case .up, .character("k"): if atFirst { scrollAbove(to: 0) } else { move(by: -1) }
    case .down, .character("j"): move(by: 1)
    case .pageUp: if atFirst { scrollAbove(to: 0) } else { page(by: -1, height: height) }
    case .pageDown: page(by: 1, height: height)
    case .home:
      move(by: -lines.count)
      scrollAbove(to: 0)
    case .end: move(by: lines.count)
    default: return false
    }
    return true
  }

  /// The first line that can be selected.
  private var firstSelectable: Int? { lines.indices.first { lines[$0].item != nil } }

  /// Shows the lines from `line` (at least the first), above the first selectable line: what stands before it
  /// (headings, a block of its own) can be read even when the selection then leaves the view.
  private mutating func scrollAbove(to line: Int) {
    top = max(0, min(line, top))
    above = true
  }

  /// The first line to show in `height` rows so that the selection is in view (and, at the top, the lines above
  /// it); remembered for the next frame, so the view moves only when the selection leaves it.
  public mutating func scroll(height: Int) -> Int {
    guard height > 0 else { return 0 }
    let lastTop = max(0, lines.count - height)
    if let selected, !above {
      if selected < top {
        // The first selectable line shows all it can above it; another, the heading just above it when the list
        // starts there.
        top = selected == firstSelectable ? max(0, selected - height + 1) : selected <= 2 ? 0 : selected
      } else if selected >= top + height {
        top = selected - height + 1
      }
    }
    top = max(0, min(top, lastTop))
    return top
  }
}
