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
  /// The narrowest description column worth showing; a narrower terminal shows no DESCRIPTION column.
  static let minimumDescriptionWidth = 12
  /// The narrowest description kept beside the UPDATED column; a narrower terminal shows no UPDATED column.
  static let minimumDescriptionWidthBesideUpdated = 24
  /// The narrowest name kept beside the LANGUAGE column; a narrower terminal shows no LANGUAGE column.
  static let minimumNameWidth = 16
  /// The narrowest name column: below it, lines are wider than the terminal rather than lose the name.
  static let narrowestName = 4

  /// The table: a header naming the columns shown and one line per repo, fitted to `columns`.
  ///
  /// At full width: NAME (up to half the width), DESCRIPTION (the rest, cut), LANGUAGE, STARS, and UPDATED (how long
  /// before `now` GitHub last saw a change, as gh shows it) when the description keeps at least
  /// ``minimumDescriptionWidthBesideUpdated`` beside it. Narrower, the description goes first (when fewer than
  /// ``minimumDescriptionWidth`` columns are left for it), then the language (when fewer than ``minimumNameWidth``
  /// are left for the name); the name takes what is left, cut once with one `…`, and the stars always show,
  /// right-aligned. Every line fits `columns` as long as the stars and a name of ``narrowestName`` do.
  static func table(_ items: [RepoSummary], columns: Int?, bold: Bool = false, now: Date) -> String {
    let width = columns ?? defaultColumns
    let rows = items.map { cells($0, now: now) }
    let layout = Layout(rows, width: width)

    func line(_ row: Cells, header: Bool = false) -> String {
      let nameCell = DisplayWidth.pad(DisplayWidth.truncate(row.name, to: layout.name), to: layout.name)
      var parts = [bold && !header ? "\u{1B}[1m\(nameCell)\u{1B}[0m" : nameCell]
      if let description = layout.description {
        parts.append(DisplayWidth.pad(DisplayWidth.truncate(row.description, to: description), to: description))
      }
      if let language = layout.language { parts.append(DisplayWidth.pad(row.language, to: language)) }
      parts.append(String(repeating: " ", count: max(0, layout.stars - row.stars.count)) + row.stars)
      if layout.updated != nil { parts.append(row.updated) }
      let text = parts.joined(separator: "  ")
      return bold && header ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    let header = Cells(
      name: "NAME", description: "DESCRIPTION", language: "LANGUAGE", stars: "STARS", updated: "UPDATED")
    return ([line(header, header: true)] + rows.map { line($0) }).joined(separator: "\n") + "\n"
  }

  /// The columns of a table and their widths; `nil` for a column not shown. Columns are two spaces apart.
  private struct Layout {
    var name: Int
    var description: Int?
    var language: Int?
    let stars: Int
    var updated: Int?

    init(_ rows: [Cells], width: Int) {
      stars = max("STARS".count, rows.map { $0.stars.count }.max() ?? 0)
      let language = max("LANGUAGE".count, rows.map { DisplayWidth.of($0.language) }.max() ?? 0)
      let longestName = max("NAME".count, rows.map { DisplayWidth.of($0.name) }.max() ?? 0)
      let updated = max("UPDATED".count, rows.map { DisplayWidth.of($0.updated) }.max() ?? 0)
      // All four columns: the name up to half the width, the description what is left.
      name = min(longestName, max(width / 2, "NAME".count))
      let descriptionRoom = width - name - language - stars - 6
      if descriptionRoom >= RepoTable.minimumDescriptionWidth {
        self.language = language
        if descriptionRoom - updated - 2 >= RepoTable.minimumDescriptionWidthBesideUpdated {
          self.updated = updated
          description = descriptionRoom - updated - 2
        } else {
          description = descriptionRoom
        }
      } else if width - language - stars - 4 >= min(longestName, RepoTable.minimumNameWidth) {
        // No description: the name has what the language and the stars leave.
        self.language = language
        name = min(longestName, width - language - stars - 4)
      } else {
        // The name and the stars only.
        name = min(longestName, max(width - stars - 2, RepoTable.narrowestName))
      }
    }
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
      stars: String(item.stargazersCount), updated: now.map { RelativeTime.ago(item.updatedAt, now: $0) } ?? "")
  }
}
