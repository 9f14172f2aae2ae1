import DI
import FeatureKit
import FeatureKitTesting
import Foundation
import Infrastructure
import InfrastructureTesting
import Presenter
import SearchPresenter
import SearchTesting
import SearchUseCase
import TestSupport
import Testing
import UseCase

@testable import SearchFeature

extension SearchFeatureTests {
  @Suite("Search: terminal view")
  struct SearchTerminalViewTests {
    static let updated = Date(timeIntervalSince1970: 1_700_000_000)

    static let items = [
      RepoSummary(
        fullName: "apple/swift", ownerLogin: "apple", description: "The Swift Programming Language", language: "C++",
        stargazersCount: 67_000, forksCount: 10_000, openIssuesCount: 7_000, watchersCount: 67_000,
        url: "https://github.com/apple/swift", updatedAt: updated, isArchived: false, visibility: "public"),
      RepoSummary(
        fullName: "yui/日本語ツール", ownerLogin: "yui", description: "日本語の説明文です。とても長い説明がここに続きます",
        language: "Swift", stargazersCount: 5, forksCount: 0, openIssuesCount: 0, watchersCount: 5,
        url: "https://github.com/yui/x", updatedAt: updated, isArchived: false, visibility: "public"),
      RepoSummary(
        fullName: "a/b", ownerLogin: "a", description: nil, language: nil, stargazersCount: 1_234_567, forksCount: 1,
        openIssuesCount: 2, watchersCount: 3, url: "https://github.com/a/b", updatedAt: updated, isArchived: true,
        visibility: "public"),
    ]

    @Test("the table fits the terminal width, truncates descriptions and aligns wide characters")
    func tableGolden() {
      let table = RepoTable.table(Self.items, columns: 60, now: Self.updated)

      #expect(
        table == """
          NAME              DESCRIPTION              LANGUAGE    STARS
          apple/swift       The Swift Programming…   C++         67000
          yui/日本語ツール  日本語の説明文です。と…  Swift           5
          a/b               (archived)                         1234567

          """)
      for line in table.split(separator: "\n") {
        #expect(DisplayWidth.of(String(line)) == 60, "\(line)")
      }
    }

    @Test("with colour on, the header and the names are bold and the columns still line up")
    func boldTable() {
      let table = RepoTable.table(Array(Self.items.prefix(2)), columns: 60, bold: true, now: Self.updated)
      let lines = table.split(separator: "\n").map(String.init)

      #expect(lines[0] == "\u{1B}[1mNAME              DESCRIPTION                LANGUAGE  STARS\u{1B}[0m")
      #expect(lines[1].hasPrefix("\u{1B}[1mapple/swift     \u{1B}[0m  The Swift"))
      let plain = RepoTable.table(Array(Self.items.prefix(2)), columns: 60, now: Self.updated)
      #expect(
        table.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "") == plain)
    }

    @Test("a wide terminal adds an UPDATED column with relative times; a narrow one keeps the description instead")
    func updatedColumn() {
      let now = Self.updated.addingTimeInterval(3 * 86_400 + 7200)
      let wide = RepoTable.table(Self.items, columns: 100, now: now).split(separator: "\n").map(String.init)
      #expect(wide[0].hasSuffix("LANGUAGE    STARS  UPDATED"), "\(wide[0])")
      for row in wide.dropFirst() {
        #expect(row.hasSuffix("  3 days ago"), "\(row)")
      }
      // The UPDATED column is as wide as its widest cell, and not padded after it.
      #expect(DisplayWidth.of(wide[0]) == 100 - DisplayWidth.of("3 days ago") + "UPDATED".count)
      for row in wide.dropFirst() {
        #expect(DisplayWidth.of(row) == 100, "\(row)")
      }
      #expect(!RepoTable.table(Self.items, columns: 60, now: now).contains("UPDATED"))
      #expect(!RepoTable.tabSeparated(Self.items).contains("ago"), "piped rows keep their four fields")
    }

    @Test("search view: the update time is relative on a terminal, RFC 3339 when piped; measured on the app's clock")
    func detailUpdatedTime() async throws {
      // The app's clock, not the machine's, is what the age is measured at.
      let now = ManualClock().now()
      let stamp = DateText.rfc3339(now.addingTimeInterval(-5 * 3600 - 60))
      let harness = try await SearchHarness.start(repos: [
        GitHubFakeRepo(
          owner: "apple", name: "swift", description: nil, language: "C++", stars: 1, forks: 1, openIssues: 1,
          subscribers: 1, topics: [], license: nil, updatedAt: stamp)
      ])
      #expect(harness.clock.now() == now)
      let terminal = try await harness.run(["search", "view", "apple/swift"], interactive: true, columns: 80)
      #expect(terminal.stdout.contains("Updated:      5 hours ago\n"), "\(terminal.stdout)")
      let piped = try await harness.run(["search", "view", "apple/swift", "--offline"])
      #expect(piped.stdout.contains("Updated:      \(stamp)\n"), "\(piped.stdout) \(piped.stderr)")
      await harness.stop()
    }

    @Test("piped output is one tab-separated line per repository, no header, nothing truncated")
    func tabSeparatedGolden() {
      let text = RepoTable.tabSeparated(Self.items)

      #expect(
        text == """
          apple/swift\tThe Swift Programming Language\tC++\t67000
          yui/日本語ツール\t日本語の説明文です。とても長い説明がここに続きます\tSwift\t5
          a/b\t(archived)\t\t1234567

          """)
    }

    @Test("text from the server cannot break lines, tabs or move the cursor")
    func serverTextIsSingleLine() {
      var item = Self.items[0]
      item.description = "line one\nline\ttwo \u{1B}[31mred\u{1B}[0m\r"
      item.language = "C\u{7}"

      let piped = RepoTable.tabSeparated([item])
      let table = RepoTable.table([item], columns: 100, now: Self.updated)

      #expect(piped == "apple/swift\tline one line two [31mred[0m\tC\t67000\n")
      #expect(!table.contains("\u{1B}"))
      #expect(table.split(separator: "\n").count == 2)
    }

    @Test("on a terminal: one repository of one is 'Showing 1 of 1 repository'")
    func oneOfOne() async throws {
      let harness = try await SearchHarness.start(repos: [GitHubFakeRepo.numbered(1)])
      let run = try await harness.run(["search", "swift"], interactive: true, columns: 80)

      #expect(run.status == 0)
      #expect(run.stdout.hasPrefix("Showing 1 of 1 repository\n\nNAME "), "\(run.stdout)")
      let two = try await SearchHarness.start(repos: (1...2).map(GitHubFakeRepo.numbered))
      let first = try await two.run(["search", "swift", "--limit", "1"], interactive: true, columns: 80)
      #expect(first.stdout.hasPrefix("Showing 1 of 2 repositories\n"), "\(first.stdout)")
      await harness.stop()
      await two.stop()
    }

    @Test("on a terminal: a 'Showing N of TOTAL' line and the table at the terminal's width")
    func interactiveRun() async throws {
      let harness = try await SearchHarness.start(repos: (1...40).map(GitHubFakeRepo.numbered))
      let run = try await harness.run(["search", "swift", "--limit", "3"], interactive: true, columns: 70)

      #expect(run.status == 0)
      let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines[0] == "Showing 3 of 40 repositories")
      #expect(lines[1] == "")
      #expect(lines[2].hasPrefix("NAME "))
      #expect(lines.count == 7)
      // The last column (UPDATED) is not padded: lines end where their text does, the longest at the full width.
      let widths = lines[2...5].map { DisplayWidth.of(String($0)) }
      #expect(widths.allSatisfy { $0 <= 70 } && widths.max() == 70, "\(widths)")
      #expect(lines[2].hasSuffix("  UPDATED"))
      #expect(run.stderr.hasSuffix("\r\u{1B}[2K"), "the spinner line is erased")
      await harness.stop()
    }

    @Test("on a terminal a spinner turns on standard error while GitHub answers")
    func spinner() async throws {
      let harness = try await SearchHarness.start()
      let github = harness.github
      let errors = CapturedText()
      // The answer waits until the spinner has drawn a frame, so the assertion cannot race the animation.
      github.loopback.route("GET", "/search/repositories") { request in
        await errors.written("Searching GitHub…")
        return github.searchResponse(for: request)
      }
      let terminal = Terminal(
        output: CapturedText().sink, errors: errors.sink, isInteractive: true, errorsAreInteractive: true, columns: 80)
      let makeViewModel = try harness.container(environment: harness.environment(), terminal: terminal)
        .resolve(DI.Factory<any StateView<SearchViewState>, SearchViewModel>.self)
      let view = SearchTerminalView(terminal: terminal, asJSON: false)
      let state = await makeViewModel.make(view).read(RepoSearchRequest(query: "swift"), policy: .standard)
      #expect(state.content?.items.isEmpty == false, "the search settled on results")

      #expect(errors.value.contains("⠋ Searching GitHub…"))
      #expect(errors.value.hasSuffix("\r\u{1B}[2K"))
      await harness.stop()
    }

    @Test("piped: only the final state is rendered, tab-separated, and nothing on standard error")
    func pipedRun() async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run(["search", "swift", "--limit", "2"])

      #expect(run.status == 0)
      #expect(
        run.stdout == """
          owner1/repo-1\tGenerated repository number 1\tGo\t99999
          owner2/repo-2\tGenerated repository number 2\tRust\t99998

          """)
      #expect(run.stderr.isEmpty)
      await harness.stop()
    }

    @Test("nothing found: nothing on standard output, a note on a terminal, exit 0")
    func emptyResults() async throws {
      let harness = try await SearchHarness.start(repos: [])
      let piped = try await harness.run(["search", "nothing-matches"])
      let interactive = try await harness.run(["search", "nothing-matches", "--refresh"], interactive: true)

      #expect(piped.status == 0 && piped.stdout.isEmpty && piped.stderr.isEmpty)
      #expect(interactive.status == 0 && interactive.stdout.isEmpty)
      #expect(interactive.stderr.contains("No repositories matched your search.\n"))
      await harness.stop()
    }

    @Test("incomplete results are shown with a warning")
    func incompleteResults() async throws {
      let harness = try await SearchHarness.start()
      let github = harness.github
      github.loopback.route("GET", "/search/repositories") { request in
        var response = github.searchResponse(for: request)
        response.body = Data(
          String(decoding: response.body, as: UTF8.self)
            .replacingOccurrences(of: "\"incomplete_results\":false", with: "\"incomplete_results\":true").utf8)
        return response
      }
      let run = try await harness.run(["search", "swift"], interactive: true, columns: 80)
      let (_, json) = try await harness.searchJSON(["swift"])

      #expect(run.status == 0)
      #expect(run.stdout.hasPrefix("Showing 5 of 5 repositories\n"))
      // Wrapped at a space to the 80 columns of the terminal.
      #expect(
        run.stderr.contains(
          "warning: GitHub stopped this search early (incomplete_results); matches may be\nmissing.\n"))
      #expect(json["incompleteResults"] as? Bool == true)
      await harness.stop()
    }

    /// A long name beside a short one, as GitHub's own fixtures have it.
    static let longName = [
      RepoSummary(
        fullName: "octokit-fixture-org/hello-world", ownerLogin: "octokit-fixture-org",
        description: "My first repository on GitHub!", language: "Swift", stargazersCount: 1_500, forksCount: 0,
        openIssuesCount: 0, watchersCount: 0, url: "https://github.com/octokit-fixture-org/hello-world",
        updatedAt: updated, isArchived: false, visibility: "public"),
      items[0],
    ]

    @Test(
      "narrower, the table drops the description, then the language; the name is cut once and the stars stay",
      arguments: [
        (
          80,
          [
            "NAME                             DESCRIPTION                     LANGUAGE  STARS",
            "octokit-fixture-org/hello-world  My first repository on GitHub!  Swift      1500",
            "apple/swift                      The Swift Programming Language  C++       67000",
          ]
        ),
        (
          60,
          [
            "NAME                             LANGUAGE  STARS",
            "octokit-fixture-org/hello-world  Swift      1500",
            "apple/swift                      C++       67000",
          ]
        ),
        (
          40,
          [
            "NAME                     LANGUAGE  STARS",
            "octokit-fixture-org/he…  Swift      1500",
            "apple/swift              C++       67000",
          ]
        ),
        (
          30,
          [
            "NAME                     STARS",
            "octokit-fixture-org/he…   1500",
            "apple/swift              67000",
          ]
        ),
        (
          20,
          [
            "NAME           STARS",
            "octokit-fixt…   1500",
            "apple/swift    67000",
          ]
        ),
      ])
    func narrowTable(columns: Int, lines: [String]) {
      let table = RepoTable.table(Self.longName, columns: columns, now: Self.updated)
      #expect(table.split(separator: "\n").map(String.init) == lines)
    }

    @Test("at any width the header names the columns shown, the stars show whole and a name is cut at most once")
    func everyWidthKeepsTheStars() {
      let items = Self.items + Self.longName
      let chain = [
        ["NAME", "STARS"], ["NAME", "LANGUAGE", "STARS"], ["NAME", "DESCRIPTION", "LANGUAGE", "STARS"],
        ["NAME", "DESCRIPTION", "LANGUAGE", "STARS", "UPDATED"],
      ]
      var shown = 0
      for columns in 1...120 {
        let lines = RepoTable.table(items, columns: columns, now: Self.updated).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: " ").map(String.init)
        // Narrower never shows more columns, and the description goes before the language.
        let step = chain.firstIndex(of: header)
        #expect(step != nil && step! >= shown, "\(columns): \(lines[0])")
        shown = step ?? shown
        for (line, item) in zip(lines.dropFirst(), items) {
          let stars = String(item.stargazersCount)
          #expect(
            line.hasSuffix(header.last == "UPDATED" ? "  \(stars)  just now" : " \(stars)"), "\(columns): \(line)")
          let name = line.components(separatedBy: "  ")[0]
          #expect(name == item.fullName || (name.hasSuffix("…") && item.fullName.hasPrefix(name.dropLast())), "\(line)")
          #expect(name.filter { $0 == "…" }.count <= 1, "\(columns): \(line)")
          // Above the stars and a name of 4 columns, every line fits.
          if columns >= RepoTable.narrowestName + 2 + "1234567".count {
            #expect(DisplayWidth.of(line) <= columns, "\(columns): \(line)")
          }
        }
      }
      #expect(shown == chain.count - 1, "the widest shows every column")
    }

    @Test("on a narrow terminal app search shows the columns that fit, the name cut once and the stars")
    func narrowTerminalRun() async throws {
      let harness = try await SearchHarness.start(repos: [
        GitHubFakeRepo(
          owner: "octokit-fixture-org", name: "hello-world", description: "My first repository on GitHub!",
          language: "Swift", stars: 1_500),
        GitHubFakeRepo.numbered(1),
      ])
      let run = try await harness.run(["search", "swift"], interactive: true, columns: 30)

      #expect(run.status == 0)
      #expect(
        run.stdout == """
          Showing 2 of 2 repositories

          NAME                     STARS
          octokit-fixture-org/he…   1500
          owner1/repo-1            99999

          """)
      await harness.stop()
    }
  }
}
