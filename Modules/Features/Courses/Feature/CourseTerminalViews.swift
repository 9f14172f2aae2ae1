import CoursesPresenter
import CoursesUseCase
import FeatureKit
import Presenter
import Repository
import Synchronization
import UseCase

/// Shows one course as labelled lines, or as JSON.
///
/// On a terminal the course is printed as soon as it is read, with a spinner under it while its related repos are
/// looked up, and the related section is added when they arrive. Piped, or with `--json`, it waits and writes the
/// whole detail once.
final class CourseDetailTerminalView: StateView {
  private let terminal: Terminal
  private let json: Bool
  /// The spinner under a course printed before its related repos, if one is turning.
  private let waiting = Mutex<(spinner: Spinner?, printed: Bool)>((nil, false))

  init(terminal: Terminal, json: Bool) {
    self.terminal = terminal
    self.json = json
  }

  func render(_ state: CourseDetailViewState) async {
    guard case .content(let detail, let stale) = state else { return }
    let progressive = terminal.isInteractive && !json
    if detail.relatedRepos == .pending {
      guard progressive else { return }
      terminal.output.write(Self.courseLines(detail, on: terminal).joined(separator: "\n") + "\n")
      let spinner = Spinner.start("Looking up related GitHub repos…", on: terminal)
      waiting.withLock { $0 = (spinner, true) }
      return
    }
    let (spinner, printed) = waiting.withLock { state in
      defer { state = (nil, false) }; return state
    }
    await spinner?.stop()
    if json {
      JSONOutput.write(CourseDetailJSON(detail, refreshFailed: stale != nil), to: terminal)
    } else {
      let lines = (printed ? [] : Self.courseLines(detail, on: terminal)) + Self.relatedLines(detail.relatedRepos)
      if !lines.isEmpty { terminal.output.write(lines.joined(separator: "\n") + "\n") }
    }
    terminal.noteUnavailable(detail.relatedRepos, what: "related GitHub repos")
    terminal.warnIfStale(
      "the course", them: "it", provenance: detail.provenance, now: detail.answeredAt, refreshFailure: stale)
  }

  /// The course's title and labelled fields, without the related section, with dates as `terminal` shows them.
  static func courseLines(_ detail: Outcome<CourseDetailDto, CoursesFailure>, on terminal: Terminal) -> [String] {
    let dto = detail.course
    let course = dto.course
    var fields = [
      ("ID", course.id), ("Category", dto.categoryName), ("Level", CourseText.level(course.level)),
      ("Duration", CourseText.duration(course.durationMinutes)), ("Instructor", course.instructor),
      ("Progress", CourseText.progress(dto.progress)), ("Stocked", dto.stocked ? "yes" : "no"),
    ]
    if let viewed = detail.lastViewedAt {
      fields.append(("Last viewed", CourseText.time(viewed, on: terminal, now: detail.answeredAt)))
    }
    fields.append(("Updated", CourseText.time(course.updatedAt, on: terminal, now: detail.answeredAt)))
    if let summary = course.summary { fields.append(("Summary", summary)) }
    return [DisplayWidth.singleLine(course.title)]
      + fields.map { "  " + DisplayWidth.pad($0.0 + ":", to: 13) + DisplayWidth.singleLine($0.1) }
  }
}

extension CourseDetailTerminalView {
  /// The related repos section: a heading and a line a repo (name, stars, description); nothing when none was
  /// found or they are unavailable.
  static func relatedLines(_ related: Related<RelatedRepo>) -> [String] {
    guard let repos = related.items, !repos.isEmpty else { return [] }
    let names = repos.map { DisplayWidth.singleLine($0.fullName) }
    let stars = repos.map { $0.stargazersCount == 1 ? "1 star" : "\($0.stargazersCount) stars" }
    let nameWidth = names.map { DisplayWidth.of($0) }.max() ?? 0
    let starWidth = stars.map { DisplayWidth.of($0) }.max() ?? 0
    var lines = ["", "Related on GitHub:"]
    for (index, repo) in repos.enumerated() {
      var line = "  " + DisplayWidth.pad(names[index], to: nameWidth) + "  "
      if let description = repo.description {
        line += DisplayWidth.pad(stars[index], to: starWidth) + "  " + DisplayWidth.singleLine(description)
      } else {
        line += stars[index]
      }
      lines.append(line)
    }
    return lines
  }
}

/// Shows what stocking, unstocking and listing did.
struct StockTerminalView: StateView {
  let terminal: Terminal
  let json: Bool

  func render(_ state: StockViewState) async {
    switch state {
    case .stocked(let course, let already):
      let title = DisplayWidth.singleLine(course.title)
      terminal.output.line(already ? "\(course.id) is already stocked: \(title)" : "Stocked \(course.id): \(title)")
    case .unstocked(let id, let wasStocked, let title):
      let shown = DisplayWidth.singleLine(id)
      terminal.output.line(
        wasStocked
          ? "Unstocked \(shown)" + (title.map { ": " + DisplayWidth.singleLine($0) } ?? ".")
          : "\(shown) is not stocked; nothing changed.")
    case .list(let courses, let answeredAt):
      if json {
        JSONOutput.write(courses, to: terminal)
      } else if courses.isEmpty {
        terminal.output.line("No stocked courses. Stock one with `app courses stock <id>`.")
      } else {
        let width = courses.map { DisplayWidth.of($0.id) }.max() ?? 0
        for course in courses {
          terminal.output.line(
            DisplayWidth.pad(course.id, to: width) + "  " + DisplayWidth.singleLine(course.title) + "  (stocked "
              + DateText.text(course.stockedAt, on: terminal, now: answeredAt) + ")")
        }
      }
    case .failure:
      break
    }
  }
}
