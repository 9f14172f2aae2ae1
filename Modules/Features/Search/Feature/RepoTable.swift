import FeatureKit
import Foundation
import Presenter
import SearchPresenter
import SearchUseCase
import UseCase

/// Lays out search results: an aligned table for a terminal, tab-separated lines for a pipe.
///
/// Every text from GitHub goes through `DisplayWidth.singleLine` first, so it cannot break lines, move the
/// cursor or change colours; widths are measured with `DisplayWidth`, so wide characters line up.
enum RepoTable {
  /// The width used when the terminal's is unknown.
  static let defaultColumns = 80
  /// The narrowest description column worth showing.
  static let minimumDescriptionWidth = 12
  /// The narrowest description kept beside the UPDATED column; a narrower terminal shows no UPDATED column.
  static let minimumDescriptionWidthBesideUpdated = 24

  /// The table: a header and one line per repo, fitted to `columns`. An UPDATED column (how long before `now`
  /// GitHub last saw a change, as gh shows it) comes last when the description keeps at least
  /// ``minimumDescriptionWidthBesideUpdated`` beside it.
  static func table(_ items: [RepoSummary], columns: Int?, bold: Bool = false, now: Date) -> String {
    let width = max(columns ?? defaultColumns, 40)
    let rows = items.map { cells($0, now: now) }
    let stars = max("STARS".count, rows.map { $0.stars.count }.max() ?? 0)
    let language = max("LANGUAGE".count, rows.map { DisplayWidth.of($0.language) }.max() ?? 0)
    let longestName = rows.map { DisplayWidth.of($0.name) }.max() ?? 0
    let name = max("NAME".count, min(longestName, width / 2))
    let updated = max("UPDATED".count, rows.map { DisplayWidth.of($0.updated) }.max() ?? 0)
    let showsUpdated = width - name - language - stars - updated - 8 >= minimumDescriptionWidthBesideUpdated
    let description = max(
      minimumDescriptionWidth, width - name - language - stars - 6 - (showsUpdated ? updated + 2 : 0))

    func line(_ row: Cells, header: Bool = false) -> String {
      let nameCell = DisplayWidth.pad(DisplayWidth.truncate(row.name, to: name), to: name)
      var parts = [
        bold && !header ? "\u{1B}[1m\(nameCell)\u{1B}[0m" : nameCell,
        DisplayWidth.pad(DisplayWidth.truncate(row.description, to: description), to: description),
        DisplayWidth.pad(row.language, to: language),
        String(repeating: " ", count: max(0, stars - row.stars.count)) + row.stars,
      ]
      if showsUpdated { parts.append(row.updated) }
      let text = parts.joined(separator: "  ")
      return bold && header ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    let header = Cells(
      name: "NAME", description: "DESCRIPTION", language: "LANGUAGE", stars: "STARS", updated: "UPDATED")
    return ([line(header, header: true)] + rows.map { line($0) }).joined(separator: "\n") + "\n"
  }

  /// One `name<TAB>description<TAB>language<TAB>stars` line per repo, no header: stable for scripts.
  static func tabSeparated(_ items: [RepoSummary]) -> String {
    items.map { item in
      let row = cells(item, now: nil)
      return [row.name, row.description, row.language, row.stars].joined(separator: "\t") + "\n"
    }.joined()
  }

  private struct Cells {
    let name: String
    let description: String
    let language: String
    let stars: String
    let updated: String
  }

  /// What marks an archived repo, before its description: it is read-only, as gh's list says.
  static let archivedMark = "(archived)"

  /// The cells of `item`; UPDATED is measured at `now`, and left empty without it.
  private static func cells(_ item: RepoSummary, now: Date?) -> Cells {
    let description = DisplayWidth.singleLine(item.description ?? "").trimmingCharacters(in: .whitespaces)
    return Cells(
      name: DisplayWidth.singleLine(item.fullName),
      description: item.isArchived
        ? [archivedMark, description].filter { !$0.isEmpty }.joined(separator: " ") : description,
      language: DisplayWidth.singleLine(item.language ?? ""),
      stars: String(item.stargazersCount), updated: now.map { DateText.relative(item.updatedAt, now: $0) } ?? "")
  }
}
