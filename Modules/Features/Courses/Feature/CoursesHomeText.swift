import CoursesUseCase
import FeatureKit
import Foundation
import UseCase

/// The Courses home screen as plain text lines: stable when piped, with bold headings on a colour TTY.
struct CoursesHomeText {
  let columns: Int?
  let color: Bool
  let stockedMark: String

  /// The screen's lines.
  func lines(_ main: MainDto) -> [String] {
    let everyCourse = main.recentCourses + main.recommendedCourses + main.rankings.flatMap(\.courses)
    let idWidth = CourseText.idWidth(everyCourse)
    let width = CourseText.titleWidth(columns: columns, indent: 6 + idWidth + 2)
    var lines = [
      heading("Categories"), "  " + main.categories.map { DisplayWidth.singleLine($0.name) }.joined(separator: " · "),
    ]
    lines += section("Recently viewed", main.recentCourses, idWidth: idWidth, width: width, numbered: false)
    lines += section("Recommended for you", main.recommendedCourses, idWidth: idWidth, width: width, numbered: false)
    for ranking in main.rankings {
      lines += section(
        DisplayWidth.singleLine(ranking.label), ranking.courses, idWidth: idWidth, width: width, numbered: true)
    }
    return lines
  }

  private func section(
    _ title: String, _ courses: [CourseDto], idWidth: Int, width: Int, numbered: Bool
  ) -> [String] {
    var lines = ["", heading(title)]
    if courses.isEmpty {
      lines.append("  (none)")
    }
    for (index, course) in courses.enumerated() {
      let prefix = numbered ? String(repeating: " ", count: index < 9 ? 1 : 0) + "\(index + 1). " : ""
      lines.append(
        "  " + DisplayWidth.pad(prefix, to: 4)
          + CourseText.row(course, idWidth: idWidth, titleWidth: width, stockedMark: stockedMark))
    }
    return lines
  }

  private func heading(_ text: String) -> String {
    color ? "\u{1B}[1m\(text)\u{1B}[0m" : text
  }
}
