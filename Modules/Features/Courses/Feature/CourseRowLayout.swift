import FeatureKit

/// Which columns a course row shows, and how wide each is, for a terminal of a given width.
///
/// Columns go by priority: the id, the title and the progress always show; when the terminal is too narrow for
/// all of them with a title of ``minimumTitleWidth``, the category is shortened, then dropped, then the level, then
/// the duration, so that no row wraps. Piped output (no width) always has every column, the title
/// ``pipedTitleWidth`` wide, so scripts see stable columns.
struct CourseRowLayout: Equatable {
  /// The columns after the id and the title, in their order.
  enum Column: Equatable {
    case category, level, duration, progress
  }

  /// What comes before the id: two spaces and the ranking number column.
  static let indent = 6
  /// The room kept after the progress for the stocked mark (`  ★`) on a terminal.
  static let markWidth = 3
  /// The narrowest title kept before a column is shortened or dropped.
  static let minimumTitleWidth = 20
  /// The widest title shown.
  static let maximumTitleWidth = 60
  /// The title's width when piped.
  static let pipedTitleWidth = 40
  /// The widths of the columns after the title, at full size.
  static let categoryWidth = 18
  static let shortCategoryWidth = 10
  static let levelWidth = 12
  static let durationWidth = 7
  static let progressWidth = 4
  /// The progress column's width under a header (`PROGRESS`).
  static let headedProgressWidth = 8

  /// The id column's width.
  var idWidth: Int
  /// The title column's width.
  var titleWidth: Int
  /// The category column's width, or `nil` when it is dropped.
  var categoryWidth: Int?
  /// Whether the level shows.
  var showsLevel: Bool
  /// Whether the duration shows.
  var showsDuration: Bool
  /// The progress column's width.
  var progressWidth: Int
  /// Whether the rows stand under column headers (on a terminal).
  var headed: Bool

  /// The columns after the title that show, in order.
  var columns: [Column] {
    (categoryWidth == nil ? [] : [.category]) + (showsLevel ? [.level] : []) + (showsDuration ? [.duration] : [])
      + [.progress]
  }

  /// The layout for a terminal `columns` wide (`nil` when piped); `headers` widens the progress column to its
  /// header.
  static func fitting(columns: Int?, idWidth: Int, headers: Bool) -> CourseRowLayout {
    let progress = headers ? headedProgressWidth : progressWidth
    let id = headers ? max(idWidth, DisplayWidth.of("ID")) : idWidth
    var layout = CourseRowLayout(
      idWidth: id, titleWidth: pipedTitleWidth, categoryWidth: categoryWidth, showsLevel: true, showsDuration: true,
      progressWidth: progress, headed: headers)
    guard let columns else { return layout }
    let candidates: [(category: Int?, level: Bool, duration: Bool)] = [
      (categoryWidth, true, true), (shortCategoryWidth, true, true), (nil, true, true), (nil, false, true),
      (nil, false, false),
    ]
    for candidate in candidates {
      layout.categoryWidth = candidate.category
      layout.showsLevel = candidate.level
      layout.showsDuration = candidate.duration
      let room = columns - layout.widthWithoutTitle
      if room >= minimumTitleWidth {
        layout.titleWidth = min(room, maximumTitleWidth)
        return layout
      }
    }
    layout.titleWidth = max(columns - layout.widthWithoutTitle, 1)
    return layout
  }

  /// The columns a row takes besides its title: indent, id, separators, the other columns and the stocked mark.
  var widthWithoutTitle: Int {
    let others = columns.map { column -> Int in
      switch column {
      case .category: categoryWidth ?? 0
      case .level: Self.levelWidth
      case .duration: Self.durationWidth
      case .progress: progressWidth
      }
    }
    return Self.indent + idWidth + 2 + others.reduce(0) { $0 + 1 + $1 } + Self.markWidth
  }
}
