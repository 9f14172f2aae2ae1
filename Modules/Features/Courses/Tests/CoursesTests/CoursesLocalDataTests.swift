import CoursesTesting
import CoursesUseCase
import Foundation
import Infrastructure
import Repository
import Synchronization
import TestScheduling
import TestSupport
import Testing

@testable import CoursesFeature
@testable import CoursesRepository

/// Local data and the cache: stocking what a cached screen shows without the origin, smaller limits from longer
/// cached lists, the demo note once per APP_HOME, and the JSON of `show`.
@Suite(.untimed) struct CoursesLocalDataTests {
  /// A loopback origin and a harness on it, with the default home screen fetched once; returns that screen's JSON.
  static func cachedHome() async throws -> (CoursesOrigin, CoursesHarness, [String: Any]) {
    let origin = try await CoursesOrigin.start()
    let harness = try CoursesHarness(origin: origin)
    let run = await harness.run(["courses", "--json"])
    #expect(run.status == 0, "\(run.errors)")
    let json = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    return (origin, harness, json)
  }

  /// The ids of the courses in `list` of a home screen's JSON.
  static func ids(_ json: [String: Any], _ list: String) -> [String] {
    (json[list] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  /// A course only the rankings show (not recent, not recommended), and one of the recent courses.
  static func rankedOnlyAndRecent(_ json: [String: Any]) throws -> (ranked: String, recent: String) {
    let rankings = (json["rankings"] as? [[String: Any]] ?? []).flatMap { ids($0, "courses") }
    let elsewhere = Set(ids(json, "recentCourses") + ids(json, "recommendedCourses"))
    let ranked = try #require(rankings.first { !elsewhere.contains($0) })
    return (ranked, try #require(ids(json, "recentCourses").last))
  }

  /// A home an earlier version stocked courses in, on its own table: this version moves every row into the store's
  /// user data with its title and time of stocking, drops the table, lists them as before, and stocking one again
  /// keeps when it was stocked.
  @Test func stocksAnEarlierVersionKeptAreMovedWithNothingLost() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let earlier = Date(timeIntervalSince1970: 1_790_000_000.25)
    let later = Date(timeIntervalSince1970: 1_790_000_900.5)
    let before = Infrastructure.Database(
      directory: harness.home, migrations: [CoursesRepositoryAssembly.stockMigrations[0]], diagnostics: { _ in })
    try await before.write { db in
      for (id, title, date) in [("c04", "Swiftではじめるプログラミング", earlier), ("c02", "A title kept as stocked", later)] {
        try db.execute(
          sql: "INSERT INTO stocked_courses (course_id, title, stocked_at) VALUES (?, ?, ?)",
          arguments: [id, title, date.timeIntervalSince1970])
      }
    }

    let listed = await harness.run(["courses", "stocked", "--json"])
    #expect(listed.status == 0, "\(listed.errors)")
    let rows = try #require(JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
    #expect(rows.map { $0["id"] as? String } == ["c02", "c04"], "most recently stocked first")
    #expect(rows.map { $0["title"] as? String } == ["A title kept as stocked", "Swiftではじめるプログラミング"])
    #expect(rows.map { Set($0.keys) } == [["id", "title", "stockedAt"], ["id", "title", "stockedAt"]])
    #expect(rows.map { $0["stockedAt"] as? String } == ["2026-09-21T14:28:20Z", "2026-09-21T14:13:20Z"])
    let stocks = try harness.container().resolve(Store<String, StockedCourseRecord?>.self)
    func stockedAt(_ id: String) async throws -> Date? { try await stocks.current(id)?.value?.stockedAt }
    #expect(try await stockedAt("c04") == earlier)
    #expect(try await stockedAt("c02") == later)
    let tables = try await before.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'stocked_courses'")
    }
    #expect(tables.isEmpty, "the table is gone")

    let again = await harness.run(["courses", "stock", "c04"])
    #expect(again.output == "c04 is already stocked: Swiftではじめるプログラミング\n")
    #expect(try await stockedAt("c04") == earlier, "stocking it again keeps when it was stocked")
    #expect(try await harness.databaseState().stocked == ["c02", "c04"])
  }

  @Test func stockingOfflineAcceptsEveryCourseACachedScreenShows() async throws {
    let (origin, harness, json) = try await Self.cachedHome()
    defer { harness.remove() }
    let (ranked, recent) = try Self.rankedOnlyAndRecent(json)
    let requests = origin.requestCount

    for id in [ranked, recent] {
      let run = await harness.run(["courses", "stock", id, "--offline"])
      #expect(run.status == 0, "\(id): \(run.errors)")
      #expect(run.output.hasPrefix("Stocked \(id): "), "\(run.output)")
      #expect(run.errors.isEmpty)
    }
    #expect(origin.requestCount == requests, "--offline sent nothing")
    #expect(try await harness.databaseState().stocked == [ranked, recent].sorted())
    await origin.stop()
  }

  @Test func stockingWhileTheAPIIsDownUsesTheCacheAndStillFailsForAnUnknownCourse() async throws {
    let (origin, harness, json) = try await Self.cachedHome()
    defer { harness.remove() }
    let (ranked, _) = try Self.rankedOnlyAndRecent(json)
    origin.setFault(.status(500, body: "<html>down</html>"))

    let cached = await harness.run(["courses", "stock", ranked])
    #expect(cached.status == 0, "\(cached.errors)")
    #expect(cached.output.hasPrefix("Stocked \(ranked): "))

    let unknown = await harness.run(["courses", "stock", "c77"])
    #expect(unknown.status == 1)
    #expect(unknown.output.isEmpty)
    #expect(unknown.errors.hasPrefix("error: the Courses API failed: "), "\(unknown.errors)")
    #expect(unknown.errors.contains("HTTP 500"), "\(unknown.errors)")
    #expect(try await harness.databaseState().stocked == [ranked])
    await origin.stop()
  }

  @Test func stockingOfflineACourseNoCachedScreenShowsNamesIt() async throws {
    let (origin, harness, _) = try await Self.cachedHome()
    defer { harness.remove() }
    let run = await harness.run(["courses", "stock", "c77", "--offline"])
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(
      run.errors
        == "error: course c77 is not in the cache\n"
        + "Run `app courses` online (without --offline) first; any course it shows is then cached.\n")
    #expect(try await harness.databaseState().stocked.contains("c77") == false)
    await origin.stop()
  }

  @Test func stockingOfflineWithAnEmptyCacheNamesTheCourse() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let run = await harness.run(["courses", "stock", "c07", "--offline"])
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("error: course c07 is not in the cache\n"), "\(run.errors)")
    #expect(try await harness.databaseState().stocked.isEmpty)
  }

  @Test func aSmallerLimitOfflineIsServedFromTheCachedLongerList() async throws {
    let (origin, harness, online) = try await Self.cachedHome()
    defer { harness.remove() }
    let requests = origin.requestCount

    let run = await harness.run(["courses", "--offline", "--recent-limit", "2", "--recommended-limit", "3", "--json"])
    #expect(run.status == 0, "\(run.errors)")
    let offline = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(offline["source"] as? String == "cache")
    #expect(Self.ids(offline, "recentCourses") == Array(Self.ids(online, "recentCourses").prefix(2)))
    #expect(Self.ids(offline, "recommendedCourses") == Array(Self.ids(online, "recommendedCourses").prefix(3)))
    #expect(origin.requestCount == requests)

    // Five recent courses were cached of more: six cannot be made up from them.
    let longer = await harness.run(["courses", "--offline", "--recent-limit", "6"])
    #expect(longer.status == 1)
    #expect(longer.output.isEmpty)
    #expect(
      longer.errors
        == "error: the home screen is not in the cache, and --offline allows no network\n"
        + "Run `app courses` once online (without --offline); then --offline shows it, also with a smaller "
        + "--recent-limit or --recommended-limit.\n")
    await origin.stop()
  }

  @Test func showOfflineOfACourseOnTheCachedHomeScreenAndItsJSON() async throws {
    let (origin, harness, json) = try await Self.cachedHome()
    defer { harness.remove() }
    let (ranked, _) = try Self.rankedOnlyAndRecent(json)

    let run = await harness.run(["courses", "show", ranked, "--offline", "--json"])
    #expect(run.status == 0, "\(run.errors)")
    let detail = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(detail["source"] as? String == "cache")
    #expect(detail["stale"] as? Bool == false)
    let fetchedAt = try #require(detail["fetchedAt"] as? String)
    #expect(try Date.ISO8601FormatStyle().parse(fetchedAt).timeIntervalSinceNow > -60)
    let updatedAt = try #require(detail["updatedAt"] as? String)
    #expect(updatedAt.hasSuffix("Z") && (try? Date.ISO8601FormatStyle().parse(updatedAt)) != nil, "\(updatedAt)")

    let missing = await harness.run(["courses", "show", "c77", "--offline"])
    #expect(missing.status == 1)
    #expect(missing.errors.hasPrefix("error: course c77 is not in the cache\n"), "\(missing.errors)")
    await origin.stop()
  }

  @Test(arguments: [
    ("2026-07-16T09:30:00Z", "2026-07-16T09:30:00Z"),
    ("2026-07-16T18:30:00+09:00", "2026-07-16T09:30:00Z"),
    ("2026-07-16T09:30:00.250Z", "2026-07-16T09:30:00Z"),
    ("last Tuesday", "last Tuesday"),
  ])
  func courseTimesAreWrittenInISO8601(sent: String, written: String) throws {
    let data = try JSONEncoder().encode([TimestampJSON(CourseTime(sent))])
    #expect(String(decoding: data, as: UTF8.self) == "[\"\(written)\"]")
  }

  @Test func theDemoNoteIsSaidOncePerAppHome() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let note = "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses API.\n"

    let first = await harness.run(["courses"])
    #expect(first.status == 0)
    #expect(first.errors == note)
    for arguments in [
      ["courses", "--refresh"], ["courses", "show", "c01", "--refresh"], ["courses", "stock", "c02"],
    ] {
      let run = await harness.run(arguments)
      #expect(run.status == 0, "\(arguments): \(run.errors)")
      #expect(run.errors.isEmpty, "\(arguments): \(run.errors)")
    }

    let other = try CoursesHarness(origin: nil)
    defer { other.remove() }
    #expect(await other.run(["courses", "show", "c01"]).errors == note)
  }

  @Test func theDemoNoteIsSaidEveryTimeWhenTheAppHomeCannotRememberIt() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("courses-note-\(UUID().uuidString)")
    try Data().write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let said = Counter()
    for _ in 0..<2 {
      let note = DemoNote(home: file.appendingPathComponent("home"), diagnostics: Diagnostics { _ in said.add() })
      note.say()
      note.say()
    }
    #expect(said.value == 2, "once per run, never remembered")
  }

  @Test func theHelpOfCoursesMentionsTheDemoNote() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let run = await harness.run(["courses", "--help"])
    #expect(run.status == 0)
    let text = run.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("a note on standard error says so on the first run in an APP_HOME"), "\(run.output)")
  }
}

/// Counts calls from any thread.
final class Counter: Sendable {
  private let count = Mutex(0)

  func add() { count.withLock { $0 += 1 } }

  var value: Int { count.withLock { $0 } }
}
