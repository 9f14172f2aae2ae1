import CoursesPresenter
import CoursesUseCase
import FeatureKit
import FeatureKitTesting
import Foundation
import Presenter
import Repository
import TestScheduling
import Testing
import UseCase

@testable import CoursesFeature

@Suite(.untimed) struct CoursesTerminalViewTests {
  static func course(_ id: String, _ title: String, _ level: CourseLevel, _ minutes: Int) -> Course {
    Course(
      id: id, title: title, categoryId: "swift", instructor: "Ada Park", summary: nil, durationMinutes: minutes,
      level: level, thumbnailUrl: nil, updatedAt: CourseTime("2026-11-20T09:30:00Z"))
  }

  static let main = Outcome<MainDto, CoursesFailure>(
    MainDto(
      categories: [Category(id: "swift", name: "Swift"), Category(id: "jp", name: "日本語コース")],
      recentCourses: [
        CourseDto(
          course: course("c01", "Swift Fundamentals", .beginner, 240), categoryName: "Swift", stocked: true, progress: 1
        ),
        CourseDto(
          course: course("c04", "Swiftではじめるプログラミング", .beginner, 200), categoryName: "日本語コース", stocked: false,
          progress: 0.35),
      ],
      recommendedCourses: [],
      rankings: [
        RankingDto(
          label: "注目", labelId: "jp",
          courses: [
            CourseDto(
              course: course("c43", "はじめてのSwiftUI\u{1B}[31m", .advanced, 45), categoryName: "日本語コース",
              stocked: false, progress: 0)
          ])
      ]),
    provenance: Provenance(source: .network, fetchedAt: Date(timeIntervalSince1970: 1_795_000_000)),
    answeredAt: Date(timeIntervalSince1970: 1_795_000_000))

  func render(
    _ state: CoursesHomeViewState, interactive: Bool, json: Bool = false, columns: Int? = nil, rows: Int? = nil
  ) async
    -> (output: String, errors: String)
  {
    let output = CapturedText()
    let errors = CapturedText()
    let terminal = Terminal(
      output: output.sink, errors: errors.sink, isInteractive: interactive, columns: columns, rows: rows)
    let view = CoursesHomeTerminalView(terminal: terminal, json: json)
    await view.render(.loading(cached: Self.main))
    await view.render(state)
    return (output.value, errors.value)
  }

  @Test func pipedOutputIsTheFinalStateAlignedByDisplayWidth() async {
    let (output, errors) = await render(.content(Self.main, stale: nil), interactive: false)
    let expected = """
      Categories
        Swift · 日本語コース

      Recently viewed
            c01  Swift Fundamentals                       Swift              Beginner          4h 100%  stocked
            c04  Swiftではじめるプログラミング            日本語コース       Beginner      3h 20m  35%

      Recommended for you
        (none)

      注目
         1. c43  はじめてのSwiftUI[31m                    日本語コース       Advanced         45m   0%

      """
    #expect(output == expected)
    #expect(errors.isEmpty)
    let rows = output.split(separator: "\n").filter { $0.contains("Beginner") }
    #expect(Set(rows.map { DisplayWidth.of(String($0.prefix(while: { $0 != "B" }))) }).count == 1, "columns line up")
  }

  @Test func idsOfDifferentWidthsKeepTheColumnsAligned() async {
    var main = Self.main
    main.recommendedCourses = [
      CourseDto(
        course: Self.course("intro-2026-jp", "入門", .beginner, 60), categoryName: "日本語コース", stocked: false,
        progress: 0),
      CourseDto(
        course: Self.course("x\u{1B}[2J-an-id-far-longer-than-any-column", "Long id", .beginner, 60),
        categoryName: "Swift", stocked: false, progress: 0),
    ]
    for interactive in [false, true] {
      let (output, _) = await render(.content(main, stale: nil), interactive: interactive, columns: 100)
      let screen = output.components(separatedBy: "\u{1B}[J").last ?? output
      let rows = screen.split(separator: "\n").filter { $0.contains("Beginner") || $0.contains("Advanced") }
      #expect(rows.count == 5)
      // The id column is as wide as the widest id, up to 16 columns; longer ids are cut.
      #expect(rows.contains { $0.contains("intro-2026-jp     入門 ") })
      #expect(rows.contains { $0.contains("x[2J-an-id-far-…  Long id ") }, "a long id is cut, escape dropped")
      #expect(rows.contains { $0.contains("c01               Swift Fundamentals ") })
      let levelColumns = rows.map { row -> Int? in
        let level = row.range(of: "Beginner") ?? row.range(of: "Advanced")
        return level.map { DisplayWidth.of(String(row[..<$0.lowerBound])) }
      }
      #expect(!levelColumns.contains(nil))
      #expect(Set(levelColumns).count == 1, "the level column starts at one display column on every row")
      for id in ["c01", "c04", "c43"] {
        #expect(rows.contains { $0.contains(" \(id) ") })
      }
    }
  }

  /// What erasing `rows` rows up from the cursor's row writes.
  static func erasure(rows: Int) -> String {
    "\r\u{1B}[2K" + String(repeating: "\u{1B}[1A\u{1B}[2K", count: rows)
  }

  @Test func aCachedScreenThatFitsIsRedrawnInPlaceErasingEachOfItsRows() async {
    // 16 rows, the spinner's and two for notes: 19 fit exactly.
    let (output, _) = await render(.content(Self.main, stale: nil), interactive: true, columns: 120, rows: 19)
    // Categories (2), then two sections with a header and one without, then the stocked mark's legend (2): 16
    // lines, none wrapping at 120 columns.
    let screenLines = 16
    let screens = output.components(separatedBy: Self.erasure(rows: screenLines))
    #expect(screens.count == 2, "one erasure of exactly the drawn rows between the cached and the fresh screen")
    #expect(screens.first == screens.last)
    #expect(screens.first?.split(separator: "\n", omittingEmptySubsequences: false).count == screenLines + 1)
    #expect(!output.contains("\u{1B}[J"), "no erase-to-end, which tmux turns into a scrollback copy")
    #expect(output.contains("★"))
  }

  @Test func onATerminalTheStockedMarkIsExplainedUnderTheScreen() async {
    let (output, errors) = await render(.content(Self.main, stale: nil), interactive: true, columns: 120)
    let screen = output.components(separatedBy: "\u{1B}[2K").last ?? output
    #expect(screen.hasSuffix("\n\n★ stocked; `app courses stocked` lists them\n"), "\(screen)")
    #expect(screen.components(separatedBy: "★").count == 3, "the marked row and the legend")
    #expect(errors.isEmpty)

    var unstocked = Self.main
    unstocked.recentCourses[0].stocked = false
    let (plain, _) = await render(.content(unstocked, stale: nil), interactive: true, columns: 120)
    #expect(!plain.contains("★"), "no mark, no legend")

    let (piped, _) = await render(.content(Self.main, stale: nil), interactive: false)
    #expect(!piped.contains("lists them"), "piped, the mark is the word itself")
  }

  @Test func aCategoryListWrappedToTheWidthIsErasedRowByRow() async {
    var main = Self.main
    main.categories += (1...12).map { Category(id: "c\($0)", name: "カテゴリー\($0)") }
    main.rankings[0].label = String(repeating: "長いランキング名", count: 10)
    let output = CapturedText()
    let terminal = Terminal(
      output: output.sink, errors: CapturedText().sink, isInteractive: true, columns: 60, rows: 40)
    let view = CoursesHomeTerminalView(terminal: terminal, json: false)
    await view.render(.loading(cached: main))
    await view.render(.content(main, stale: nil))
    let screen = output.value.components(separatedBy: "\u{1B}[2K").last ?? ""
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    let rows = RowCounter.rows(of: lines, columns: 60)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 }, "\(lines.map { ($0, DisplayWidth.of($0)) })")
    #expect(rows == lines.count, "nothing wraps, a long heading and the stocked mark's legend included")
    #expect(lines.filter { $0.contains("カテゴリー") }.count > 1, "the category list wraps onto more lines")
    #expect(output.value.contains(Self.erasure(rows: rows)))
    #expect(!output.value.contains(Self.erasure(rows: rows + 1)), "exactly the rows drawn are erased")
  }

  @Test func notesSaidWhileTheOriginAnswersAreErasedWithTheCachedScreen() async {
    let output = CapturedText()
    let errors = CapturedText()
    let terminal = Terminal(
      output: output.sink, errors: errors.sink, isInteractive: true, errorsAreInteractive: true, columns: 40,
      rows: 40)
    let view = CoursesHomeTerminalView(terminal: terminal, json: false)
    await view.render(.loading(cached: Self.main))
    let drawn = output.value.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    let screenRows = RowCounter.rows(of: drawn, columns: 40)
    // A note 50 columns wide takes two rows at 40 columns.
    terminal.errors.line("note: " + String(repeating: "n", count: 44))
    await view.render(.content(Self.main, stale: nil))
    #expect(
      output.value.contains("\n" + Self.erasure(rows: screenRows + 2) + "Categories"),
      "exactly the screen's rows and the note's two are erased")
    #expect(errors.value.hasSuffix("\r\u{1B}[2K"), "the spinner's line is erased")
  }

  @Test(arguments: [(120, 16), (120, 14), (60, 10)])
  func aCachedScreenTallerThanTheTerminalIsNotDrawnAndTheFinalOneIsPrintedOnce(columns: Int, rows: Int) async {
    let (output, _) = await render(.content(Self.main, stale: nil), interactive: true, columns: columns, rows: rows)
    #expect(output.components(separatedBy: "Categories").count == 2, "one screen, at \(columns)×\(rows)")
    #expect(!output.contains("\u{1B}["), "nothing to erase or move over")
  }

  @Test func theCachedScreenIsErasedWhenNothingCanBeShown() async {
    let failure = UserFacingError(title: "course list not found", hint: "Check the id.")
    let (output, _) = await render(.failure(failure), interactive: true, columns: 120, rows: 40)
    #expect(output.hasSuffix(Self.erasure(rows: 16)), "the screen and the stocked mark's legend")
  }

  @Test(arguments: [
    (120, "ID   TITLE", ["CATEGORY", "LEVEL", "LENGTH", "PROGRESS"], [String]()),
    (80, "ID   TITLE", ["CATEGORY", "LEVEL", "LENGTH", "PROGRESS"], []),
    (60, "ID   TITLE", ["LENGTH", "PROGRESS"], ["CATEGORY", "LEVEL"]),
  ])
  func rowsFitTheTerminalByDroppingTheLeastUsefulColumns(
    columns: Int, start: String, kept: [String], dropped: [String]
  ) async {
    var main = Self.main
    main.categories += ["Kotlin", "Server-side Swift", "Testing", "機械学習", "Design"].map {
      Category(id: $0, name: $0)
    }
    let (output, _) = await render(.content(main, stale: nil), interactive: true, columns: columns, rows: 10)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in lines {
      #expect(DisplayWidth.of(line) <= columns, "\(line) is wider than \(columns)")
    }
    let headers = lines.filter { $0.hasPrefix("      ID ") }
    #expect(headers.count == 2, "a header over each list that has courses")
    let header = headers.first ?? ""
    #expect(header.dropFirst(6).hasPrefix(start))
    #expect(header.split(separator: " ").suffix(kept.count).map(String.init) == kept)
    for column in dropped {
      #expect(!header.contains(column))
    }
    let c04 = lines.first { $0.contains("c04") } ?? ""
    #expect(c04.contains("…") == (columns < 120), "the 29-column title is cut below 120 columns: \(c04)")
    #expect(!c04.contains("…") || c04.contains("…  "), "a cut title keeps two blanks before the next column: \(c04)")
    #expect(c04.hasSuffix("3h 20m      35%"), "the progress column is right-aligned under its header: \(c04)")
    #expect(c04.contains("Beginner") == kept.contains("LEVEL"))
    #expect(c04.contains("日本語") == kept.contains("CATEGORY"))
    let categories = lines[1..<(lines.firstIndex(of: "") ?? 1)]
    #expect(categories.joined().contains("機械学習"))
    #expect(categories.count == (columns < 120 ? 2 : 1), "the category list wraps only when it must: \(categories)")
  }

  @Test func staleContentWarnsOnStandardError() async {
    let stale = UserFacingError(title: "the Courses API could not be reached: refused", hint: "Check COURSES_API_URL.")
    let (output, errors) = await render(.content(Self.main, stale: stale), interactive: false)
    #expect(output.hasPrefix("Categories\n"))
    #expect(
      errors == """
        warning: showing courses cached at 2026-11-18T11:06:40Z, which may be out of date: the Courses API could \
        not be reached: refused
        Check COURSES_API_URL.

        """)
  }

  @Test func onATerminalTheStaleWarningSaysHowLongAgoWhenTheUseCaseAnswered() async {
    let stale = UserFacingError(title: "the Courses API could not be reached: refused", hint: "Check COURSES_API_URL.")
    var main = Self.main
    main.answeredAt = main.provenance.fetchedAt.addingTimeInterval(3 * 3600 + 59)
    let (_, errors) = await render(.content(main, stale: stale), interactive: true, columns: 120, rows: 10)
    #expect(
      errors.hasPrefix(
        "warning: showing courses cached 3 hours ago, which may be out of date: the Courses API could not be reached"),
      "\(errors)")
  }

  @Test func jsonHasTheDocumentedFields() async throws {
    let (output, _) = await render(.content(Self.main, stale: nil), interactive: true, json: true)
    let object = try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "source", "stale", "fetchedAt", "categories", "recentCourses", "recommendedCourses", "rankings",
      ])
    #expect(object["source"] as? String == "network")
    #expect(object["stale"] as? Bool == false)
    let course = try #require((object["recentCourses"] as? [[String: Any]])?.first)
    #expect(Set(course.keys) == ["id", "title", "categoryName", "level", "durationMinutes", "progress", "stocked"])
    #expect(course["level"] as? String == "BEGINNER")
    #expect(course["stocked"] as? Bool == true)
    let ranking = try #require((object["rankings"] as? [[String: Any]])?.first)
    #expect(Set(ranking.keys) == ["label", "labelId", "courses"])
  }

  @Test func staleJSONSaysSo() async throws {
    let stale = UserFacingError(title: "down", hint: "retry")
    var cached = Self.main
    cached.provenance.source = .cache
    let (output, _) = await render(.content(cached, stale: stale), interactive: false, json: true)
    let object = try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(object["source"] as? String == "cache")
    #expect(object["stale"] as? Bool == true)
  }

  @Test func theCoursesAPIsTimesAreReadByTheUseCaseAndShownAsDatesAreOrAsTheyCame() {
    let sink = TextSink { _ in }
    let terminal = Terminal(output: sink, errors: sink, isInteractive: true, columns: 80, rows: 24)
    let pipe = Terminal(output: sink, errors: sink)
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z
    #expect(CourseText.time(CourseTime("2026-11-16T11:06:40Z"), on: terminal, now: now) == "2 days ago")
    #expect(CourseText.time(CourseTime("2026-11-16T11:06:39.250Z"), on: terminal, now: now) == "2 days ago")
    #expect(CourseText.time(CourseTime("2026-11-16T20:06:40+09:00"), on: pipe, now: now) == "2026-11-16T11:06:40Z")
    #expect(CourseTime("last spring") == .text("last spring"))
    #expect(CourseText.time(CourseTime("last spring"), on: terminal, now: now) == "last spring")
  }

  /// Spaces and tabs around a time are not part of it (Unicode's space separators too), and a text that is no
  /// time is kept as it came.
  @Test func spacesAroundATimeAreDropped() {
    let time = Date(timeIntervalSince1970: 1_794_827_200)  // 2026-11-16T11:06:40Z
    #expect(CourseTime(" \t2026-11-16T11:06:40Z\u{00A0}\u{3000}") == .date(time))
    #expect(CourseTime("   ") == .text("   "))
    #expect(CourseTime("\u{2003}last spring\t") == .text("\u{2003}last spring\t"), "text is kept as it came")
  }
}
