import CoursesUseCase
import FeatureKit
import Repository
import UseCase

/// How courses read on a terminal: the row layout, levels, durations and progress.
enum CourseText {
  /// The widths of the columns after the title.
  static let categoryWidth = 18
  static let levelWidth = 12
  static let durationWidth = 7
  static let progressWidth = 4
  /// The widest id column shown; longer ids are cut (they come from the origin, `show` takes the full one).
  static let maximumIdWidth = 16

  /// The id column's width for `courses`: as wide as the widest id among them, within ``maximumIdWidth``.
  static func idWidth<S: Sequence<CourseDto>>(_ courses: S) -> Int {
    courses.reduce(0) { max($0, min(DisplayWidth.of(id($1)), maximumIdWidth)) }
  }

  /// The title column's width for a terminal `columns` wide (40 when unknown, as when piped).
  static func titleWidth(columns: Int?, indent: Int) -> Int {
    guard let columns else { return 40 }
    let rest = indent + categoryWidth + levelWidth + durationWidth + progressWidth + 4 + 10
    return min(max(columns - rest, 16), 60)
  }

  /// One course as a row: id, title, category, level, duration, progress and the stocked mark.
  static func row(_ dto: CourseDto, idWidth: Int, titleWidth: Int, stockedMark: String) -> String {
    let shownId = DisplayWidth.truncate(id(dto), to: idWidth)
    let title = DisplayWidth.truncate(DisplayWidth.singleLine(dto.course.title), to: titleWidth)
    let category = DisplayWidth.truncate(DisplayWidth.singleLine(dto.categoryName), to: categoryWidth - 1)
    let columns = [
      DisplayWidth.pad(shownId, to: idWidth) + " ",
      DisplayWidth.pad(title, to: titleWidth),
      DisplayWidth.pad(category, to: categoryWidth),
      DisplayWidth.pad(level(dto.course.level), to: levelWidth),
      leftPad(duration(dto.course.durationMinutes), to: durationWidth),
      leftPad(progress(dto.progress), to: progressWidth),
    ]
    let line = columns.joined(separator: " ")
    return dto.stocked ? "\(line)  \(stockedMark)" : line
  }

  /// The course's id made safe for one terminal line.
  static func id(_ dto: CourseDto) -> String {
    DisplayWidth.singleLine(dto.course.id)
  }

  /// `Beginner`, `Intermediate` or `Advanced`.
  static func level(_ level: CourseLevel) -> String {
    switch level {
    case .beginner: "Beginner"
    case .intermediate: "Intermediate"
    case .advanced: "Advanced"
    }
  }

  /// `45m`, `2h` or `3h 20m`.
  static func duration(_ minutes: Int) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    switch (hours, rest) {
    case (0, _): return "\(rest)m"
    case (_, 0): return "\(hours)h"
    default: return "\(hours)h \(rest)m"
    }
  }

  /// `0%` to `100%`.
  static func progress(_ fraction: Double) -> String {
    "\(Int((min(max(fraction, 0), 1) * 100).rounded()))%"
  }

  private static func leftPad(_ text: String, to width: Int) -> String {
    String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + text
  }
}
