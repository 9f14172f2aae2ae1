import CoursesUseCase
import FeatureKit
import Foundation
import UseCase

/// The Courses home screen as plain text lines: stable when piped; on a terminal (`columns` known) fitted to its
/// width, with column headers over each list, and bold headings in colour.
struct CoursesHomeText {
  let columns: Int?
  let color: Bool
  let stockedMark: String

  /// The screen's lines.
  func lines(_ main: MainDto) -> [String] {
    rows(main).map(\.text)
  }

  /// The screen's lines, each with the id of the course it shows, if it shows one (what an interactive screen can
  /// select).
  func rows(_ main: MainDto) -> [SelectableList<String>.Line] {
    let everyCourse = main.recentCourses + main.recommendedCourses + main.rankings.flatMap(\.courses)
    let layout = CourseRowLayout.fitting(
      columns: columns, idWidth: CourseText.idWidth(everyCourse), headers: columns != nil)
    var lines = ([heading("Categories")] + categoryLines(main.categories.map { DisplayWidth.singleLine($0.name) }))
      .map { SelectableList<String>.Line($0) }
    lines += section("Recently viewed", main.recentCourses, layout: layout, numbered: false)
    lines += section("Recommended for you", main.recommendedCourses, layout: layout, numbered: false)
    for ranking in main.rankings {
      lines += section(DisplayWidth.singleLine(ranking.label), ranking.courses, layout: layout, numbered: true)
    }
    return lines + legend(everyCourse).map { SelectableList<String>.Line($0) }
  }

  /// When stocked courses are marked by a sign no column header names (`★` on a terminal), a last line saying what
  /// the sign means, if a course shown has it; nothing when the mark is a word (`stocked`, piped).
  private func legend(_ courses: [CourseDto]) -> [String] {
    guard !stockedMark.allSatisfy(\.isLetter), courses.contains(where: \.stocked) else { return [] }
    let line = "\(stockedMark) stocked; `app courses stocked` lists them"
    return ["", columns.map { DisplayWidth.truncate(line, to: $0) } ?? line]
  }

  /// The category names joined by ` · `: one line when piped, wrapped to the terminal's width on a terminal.
  private func categoryLines(_ names: [String]) -> [String] {
    let separator = " · "
    guard let columns else { return ["  " + names.joined(separator: separator)] }
    var lines: [String] = []
    var line = ""
    for name in names {
      let shown = DisplayWidth.truncate(name, to: max(columns - 2, 1))
      if line.isEmpty {
        line = "  " + shown
      } else if DisplayWidth.of(line) + DisplayWidth.of(separator + shown) <= columns {
        line += separator + shown
      } else {
        lines.append(line)
        line = "  " + shown
      }
    }
    return lines + [line]
  }

  private func section(
    _ title: String, _ courses: [CourseDto], layout: CourseRowLayout, numbered: Bool
  ) -> [SelectableList<String>.Line] {
    var lines = ["", heading(title)]
    if courses.isEmpty {
      lines.append("  (none)")
    } else if columns != nil {
      lines.append(String(repeating: " ", count: CourseRowLayout.indent) + CourseText.header(layout))
    }
    return lines.map { SelectableList<String>.Line($0) }
      + courses.enumerated().map { index, course in
        let prefix = numbered ? String(repeating: " ", count: index < 9 ? 1 : 0) + "\(index + 1). " : ""
        return SelectableList.Line(
          "  " + DisplayWidth.pad(prefix, to: 4) + CourseText.row(course, layout: layout, stockedMark: stockedMark),
          item: course.course.id)
      }
  }

  /// A heading, cut to the terminal's width, bold in colour.
  private func heading(_ text: String) -> String {
    let shown = columns.map { DisplayWidth.truncate(text, to: $0) } ?? text
    return color ? "\u{1B}[1m\(shown)\u{1B}[0m" : shown
  }
}
