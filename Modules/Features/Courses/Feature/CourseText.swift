import CoursesUseCase
import FeatureKit
import Foundation
import Repository
import UseCase

/// How courses read on a terminal: the row layout, levels, durations and progress.
enum CourseText {
  /// A time the Courses API sent, as ``/FeatureKit/DateText`` shows dates on `terminal` at `now`; text that names no
  /// time is shown as it came.
  static func time(_ time: CourseTime, on terminal: Terminal, now: Date) -> String {
    switch time {
    case .date(let date): DateText.text(date, on: terminal, now: now)
    case .text(let text): text
    }
  }

  /// The widest id column shown; longer ids are cut (they come from the origin, `show` takes the full one).
  static let maximumIdWidth = 16

  /// The id column's width for `courses`: as wide as the widest id among them, within ``maximumIdWidth``.
  static func idWidth<S: Sequence<CourseDto>>(_ courses: S) -> Int {
    courses.reduce(0) { max($0, min(DisplayWidth.of(id($1)), maximumIdWidth)) }
  }

  /// One course as a row laid out by `layout`: id, title, the columns the layout keeps, and the stocked mark.
  static func row(_ dto: CourseDto, layout: CourseRowLayout, stockedMark: String) -> String {
    let shownId = DisplayWidth.truncate(id(dto), to: layout.idWidth)
    // Under headers a cut title keeps a blank column before the next one, so the two never read as one.
    let titleRoom = layout.headed ? layout.titleWidth - 1 : layout.titleWidth
    let title = DisplayWidth.truncate(DisplayWidth.singleLine(dto.course.title), to: titleRoom)
    let cells = layout.columns.map { column -> String in
      switch column {
      case .category:
        let width = layout.categoryWidth ?? 0
        return DisplayWidth.pad(
          DisplayWidth.truncate(DisplayWidth.singleLine(dto.categoryName), to: width - 1), to: width)
      case .level: return DisplayWidth.pad(level(dto.course.level), to: CourseRowLayout.levelWidth)
      case .duration: return leftPad(duration(dto.course.durationMinutes), to: CourseRowLayout.durationWidth)
      case .progress: return leftPad(progress(dto.progress), to: layout.progressWidth)
      }
    }
    let line =
      ([DisplayWidth.pad(shownId, to: layout.idWidth) + " ", DisplayWidth.pad(title, to: layout.titleWidth)]
      + cells).joined(separator: " ")
    return dto.stocked ? "\(line)  \(stockedMark)" : line
  }

  /// The column headers over rows laid out by `layout`, aligned as ``row(_:layout:stockedMark:)`` aligns its cells.
  static func header(_ layout: CourseRowLayout) -> String {
    let cells = layout.columns.map { column -> String in
      switch column {
      case .category: DisplayWidth.pad("CATEGORY", to: layout.categoryWidth ?? 0)
      case .level: DisplayWidth.pad("LEVEL", to: CourseRowLayout.levelWidth)
      case .duration: leftPad("LENGTH", to: CourseRowLayout.durationWidth)
      case .progress: leftPad("PROGRESS", to: layout.progressWidth)
      }
    }
    let line =
      ([DisplayWidth.pad("ID", to: layout.idWidth) + " ", DisplayWidth.pad("TITLE", to: layout.titleWidth)]
      + cells).joined(separator: " ")
    return String(line.reversed().drop { $0 == " " }.reversed())
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
