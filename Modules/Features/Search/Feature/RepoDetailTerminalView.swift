import DI
import FeatureKit
import Foundation
import Presenter
import Repository
import SearchPresenter
import SearchUseCase
import UseCase

/// The repository screen on a terminal (`app search view`): a block of labelled lines, or JSON.
struct RepoDetailTerminalView: DependencyInjectable {
  struct Dependency: Sendable {
    let makeViewModel: Factory<Void, RepoDetailViewModel>
    let terminal: Terminal
  }

  let dependency: Dependency

  static func make(with dependency: Dependency) -> RepoDetailTerminalView {
    RepoDetailTerminalView(dependency: dependency)
  }

  private var terminal: Terminal { dependency.terminal }

  /// Loads `fullName` as `policy` says, renders what settles and answers it (`nil` when the command was cancelled
  /// first); a failure with nothing to show is rendered as nothing, for the command to end with.
  func show(fullName: String, policy: CachePolicy = .standard, asJSON: Bool) async -> RepoDetailViewState? {
    let viewModel = dependency.makeViewModel.make()
    let state = await Spinner.run("Loading \(DisplayWidth.singleLine(fullName))…", on: terminal) {
      await viewModel.load(fullName: fullName, policy: policy)
    }
    // Only a cancelled command leaves the read unsettled, and it has nothing left to show.
    guard let state else { return nil }
    switch state {
    case .loaded(let overview):
      render(overview, asJSON: asJSON)
      terminal.noteUnavailable(overview.relatedCourses, what: "related courses")
    case .error(_, previous: nil):
      break
    case .error(let message, let previous?):
      render(previous, asJSON: asJSON)
      terminal.errors.line(
        message.staleWarning(what: "details", provenance: previous.provenance, age: previous.ageText, on: terminal))
      terminal.noteUnavailable(previous.relatedCourses, what: "related courses")
    }
    return state
  }

  private func render(_ overview: RepoOverview, asJSON: Bool) {
    if asJSON {
      JSONOutput.write(RepoDetailJSON(overview), to: terminal)
    } else {
      terminal.output.write(Self.text(overview, on: terminal))
    }
  }

  /// The details as labelled lines, every server text on one line; the update time relative on a terminal.
  static func text(_ overview: RepoOverview, on terminal: Terminal? = nil) -> String {
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
    if overview.isArchived { fields.append(("Archived", "yes, read-only")) }
    let width = (fields.map { $0.0.count }.max() ?? 0) + 3
    var text = clean(overview.fullName) + "\n"
    if let description = overview.description { text += clean(description) + "\n" }
    text += "\n"
    for (label, value) in fields {
      text += DisplayWidth.pad(label + ":", to: width) + value + "\n"
    }
    return text + relatedText(overview.relatedCourses)
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
