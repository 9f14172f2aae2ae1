import DI
import FeatureKit
import Foundation
import Presenter
import Repository
import SearchPresenter
import SearchUseCase
import Synchronization
import UseCase

/// The repo screen on a terminal (`app search view`): the ``/Presenter/StateView`` a
/// ``/SearchPresenter/RepoDetailViewModel`` renders its states into, as a block of labelled lines, or JSON.
///
/// On a terminal a spinner turns until the details are read; they are printed at once, with a spinner under them
/// while their related courses are looked up, and the related section is added when it arrives. Piped, or with
/// `--json`, the whole screen is written once.
final class RepoDetailTerminalView: StateView {
  /// Where the screen is drawn.
  private let terminal: Terminal
  /// Whether the details are written as JSON.
  private let asJSON: Bool
  /// What was printed before the screen settled on a terminal: the spinner turning, if one is, whether the
  /// details were printed, and whether their `Starred:` line was (it comes when the store of stars answers).
  private struct Progress {
    var spinner: Spinner?
    var printed = false
    var starPrinted = false
  }

  private let progress = Mutex(Progress())

  init(terminal: Terminal, asJSON: Bool) {
    self.terminal = terminal
    self.asJSON = asJSON
  }

  /// Turns a spinner until the details are read, prints them when they are (on a terminal, before their star and
  /// related courses, with a spinner under them), their `Starred:` line when the store of stars answers, and the
  /// rest once the related courses are found: their section, then any warning or note. A failure with nothing to
  /// show is rendered as nothing, for the command to end with.
  func render(_ state: RepoDetailViewState) async {
    if case .loading(let fullName) = state {
      let loading = Spinner.start("Loading \(DisplayWidth.singleLine(fullName))…", on: terminal)
      return progress.withLock { $0 = Progress(spinner: loading) }
    }
    guard let overview = state.overview else {
      await stopSpinner()
      return
    }
    if overview.isFillingIn {
      guard terminal.isInteractive && !asJSON else { return }
      let printed = await stopSpinner()
      if !printed.printed {
        terminal.output.write(Self.details(overview, on: terminal))
      } else if !printed.starPrinted, !overview.starPending, let line = Self.starLine(overview) {
        terminal.output.write(line)
      }
      let waitingFor =
        overview.relatedCourses == .pending ? "Looking up related courses…" : "Asking GitHub whether you starred it…"
      let spinner = Spinner.start(waitingFor, on: terminal)
      progress.withLock {
        $0 = Progress(spinner: spinner, printed: true, starPrinted: printed.starPrinted || !overview.starPending)
      }
      return
    }
    let printed = await stopSpinner()
    if asJSON {
      JSONOutput.write(RepoDetailJSON(overview), to: terminal)
    } else if printed.printed {
      let star = printed.starPrinted ? nil : Self.starLine(overview)
      terminal.output.write((star ?? "") + Self.relatedText(overview.relatedCourses))
    } else {
      terminal.output.write(Self.text(overview, on: terminal))
    }
    if case .error(let message, _) = state {
      terminal.warnIfStale(
        "details", provenance: overview.provenance, now: overview.answeredAt, refreshFailure: message)
    }
    terminal.noteUnavailable(overview.relatedCourses, what: "related courses")
  }

  /// Stops and erases the spinner, if one turns; answers what was printed already.
  @discardableResult
  private func stopSpinner() async -> Progress {
    let progress = progress.withLock { progress in
      defer { progress.spinner = nil }; return progress
    }
    await progress.spinner?.stop()
    return progress
  }

  /// The repo's block, then its related courses.
  static func text(_ overview: Outcome<RepoDetail, SearchFailure>, on terminal: Terminal? = nil) -> String {
    details(overview, on: terminal) + relatedText(overview.relatedCourses)
  }

  /// The repo's name, description and labelled fields, without its related courses.
  static func details(_ overview: Outcome<RepoDetail, SearchFailure>, on terminal: Terminal? = nil) -> String {
    let clean = DisplayWidth.singleLine
    var license = overview.licenseName.map(clean) ?? "none"
    if let spdx = overview.licenseSPDXID, overview.licenseName != nil { license += " (\(clean(spdx)))" }
    var fields: [(String, String)] = [
      ("Language", overview.language.map(clean) ?? "none"),
      ("Stars", String(overview.stargazersCount)),
      ("Watchers", String(overview.watchersCount)),
      ("Forks", String(overview.forksCount)),
      ("Open issues", String(overview.openIssuesCount)),
      ("Topics", overview.topics.isEmpty ? "none" : overview.topics.map(clean).joined(separator: ", ")),
      ("License", license),
      ("URL", clean(overview.url)),
      (
        "Updated",
        terminal.map { DateText.text(overview.updatedAt, on: $0, now: overview.answeredAt) }
          ?? DateText.rfc3339(overview.updatedAt)
      ),
    ]
    if let star = starred(overview) { fields.insert(("Starred", star), at: 2) }
    if overview.isArchived { fields.append(("Archived", "yes, read-only")) }
    var text = clean(overview.fullName) + "\n"
    if let description = overview.description { text += clean(description) + "\n" }
    text += "\n"
    for (label, value) in fields {
      text += DisplayWidth.pad(label + ":", to: labelWidth) + value + "\n"
    }
    return text
  }

  /// The width of the labels' column: the longest label, `Open issues:`, and two spaces.
  static let labelWidth = "Open issues".count + 3

  /// What the `Starred:` line says: yes or no, or unknown and why; `nil` when there is none (no token, or offline
  /// with nothing cached).
  private static func starred(_ overview: Outcome<RepoDetail, SearchFailure>) -> String? {
    if let star = overview.viewerStar {
      return (star.starred ? "yes" : "no") + (star.waitsForGitHub ? " (waiting for GitHub)" : "")
    }
    return overview.starUnknown.map { "unknown (\(DisplayWidth.singleLine($0)))" }
  }

  /// The `Starred:` line alone, printed under the details when the store of stars answers after them.
  static func starLine(_ overview: Outcome<RepoDetail, SearchFailure>) -> String? {
    starred(overview).map { DisplayWidth.pad("Starred:", to: labelWidth) + $0 + "\n" }
  }

  /// The related courses section: a heading (saying so when they come from the bundled demo catalog) and a line a
  /// course (id, title, category, level as the course tables write it); nothing when none was found or they are
  /// unavailable.
  static func relatedText(_ related: Related<RelatedCourse>) -> String {
    guard let courses = related.items, !courses.isEmpty else { return "" }
    let ids = courses.map { DisplayWidth.singleLine($0.id) }
    let titles = courses.map { DisplayWidth.singleLine($0.title) }
    let idWidth = ids.map { DisplayWidth.of($0) }.max() ?? 0
    let titleWidth = titles.map { DisplayWidth.of($0) }.max() ?? 0
    let source = courses.contains(where: \.fromDemoCatalog) ? " from the bundled demo catalog" : ""
    var text = "\nRelated courses\(source) (app courses show <id>):\n"
    for (index, course) in courses.enumerated() {
      text +=
        "  " + DisplayWidth.pad(ids[index], to: idWidth) + "  " + DisplayWidth.pad(titles[index], to: titleWidth)
        + "  " + DisplayWidth.singleLine(course.categoryName) + ", "
        + DisplayWidth.singleLine(course.level.capitalized) + "\n"
    }
    return text
  }
}
