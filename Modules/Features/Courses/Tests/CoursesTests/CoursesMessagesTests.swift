import CoursesTesting
import Foundation
import GRDB
import Infrastructure
import TestScheduling
import Testing

/// What Courses says when its cache is old, when `--offline` finds nothing, and when the origin fails: each text
/// as the user reads it, with the exit status.
@Suite(.untimed) struct CoursesMessagesTests {
  /// Moves every cached entry of `harness` `days` into the past, as if it had been fetched then.
  static func age(_ harness: CoursesHarness, days: Int) async throws {
    let database = Infrastructure.Database(directory: harness.home, diagnostics: { _ in })
    let seconds = Double(days * 86_400)
    try await database.write { db in
      try db.execute(sql: "UPDATE cache_entries SET fetched_at = fetched_at - ?", arguments: [seconds])
    }
  }

  /// The `fetchedAt` of a JSON result.
  static func fetchedAt(_ run: CoursesHarness.Run) throws -> String {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(object["stale"] as? Bool == true)
    return try #require(object["fetchedAt"] as? String)
  }

  @Test func offlineOnAWeeksOldCacheWarnsAsSearchDoes() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let online = await harness.run(["courses"])
    #expect(online.status == 0)
    #expect(await harness.run(["courses", "show", "c01"]).status == 0)
    try await Self.age(harness, days: 21)

    let json = await harness.run(["courses", "--offline", "--json"])
    #expect(json.status == 0)
    let fetched = try Self.fetchedAt(json)
    let warning =
      "warning: showing courses cached at \(fetched), which may be out of date; run without --offline to refresh them.\n"
    #expect(json.errors == warning)

    let text = await harness.run(["courses", "--offline"])
    #expect(text.status == 0)
    #expect(text.output == online.output, "the cached screen, whole")
    #expect(text.errors == warning)

    let showJSON = await harness.run(["courses", "show", "c01", "--offline", "--json"])
    let courseFetched = try Self.fetchedAt(showJSON)
    let show = await harness.run(["courses", "show", "c01", "--offline"])
    #expect(show.status == 0)
    #expect(show.output.hasPrefix("Swift Fundamentals\n"))
    #expect(
      show.errors
        == "warning: showing the course cached at \(courseFetched), which may be out of date; run without --offline "
        + "to refresh it.\n")

    let terminal = await harness.run(["courses", "--offline"], interactive: true, columns: 120)
    #expect(terminal.status == 0)
    #expect(
      terminal.errors
        == "warning: showing courses cached 21 days ago, which may be out of date; run without --offline to refresh "
        + "them.\n")
  }

  @Test func aFreshCacheOfflineSaysNothing() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    #expect(await harness.run(["courses"]).status == 0)
    let offline = await harness.run(["courses", "--offline"])
    #expect(offline.status == 0)
    #expect(offline.errors.isEmpty)
  }

  @Test func withTheDemoCatalogOfflineFailuresDoNotAskForANetwork() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let home = await harness.run(["courses", "--offline"])
    #expect(home.status == 1)
    #expect(home.output.isEmpty)
    #expect(
      home.errors
        == "error: the home screen is not in the cache\n"
        + "Run `app courses` once without --offline (the bundled demo catalog needs no network); then --offline "
        + "shows it, also with a smaller --recent-limit or --recommended-limit.\n")

    let courseHint =
      "Run `app courses` without --offline first (the bundled demo catalog needs no network); any course it shows "
      + "is then cached.\n"
    let show = await harness.run(["courses", "show", "c01", "--offline"])
    #expect(show.status == 1)
    #expect(show.output.isEmpty)
    #expect(show.errors == "error: course c01 is not in the cache\n" + courseHint)

    let stock = await harness.run(["courses", "stock", "c01", "--offline"])
    #expect(stock.status == 1)
    #expect(stock.errors == "error: course c01 is not in the cache\n" + courseHint)
    #expect(try await harness.databaseState().stocked.isEmpty)
  }

  @Test func withACoursesAPIOfflineFailuresStillSayToGoOnline() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let home = await harness.run(["courses", "--offline"])
    #expect(home.status == 1)
    #expect(
      home.errors
        == "error: the home screen is not in the cache, and --offline allows no network\n"
        + "Run `app courses` once online (without --offline); then --offline shows it, also with a smaller "
        + "--recent-limit or --recommended-limit.\n")
    let show = await harness.run(["courses", "show", "c01", "--offline"])
    #expect(
      show.errors
        == "error: course c01 is not in the cache\n"
        + "Run `app courses` online (without --offline) first; any course it shows is then cached.\n")
    #expect(origin.requestCount == 0)
  }

  @Test func aRateLimitedCoursesAPIIsToldInOneSentenceAndNotBlamedOnTheNetwork() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    origin.setFault(.status(429, body: #"{"message": "API rate limit exceeded."}"#))
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let run = await harness.run(["courses"])
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(
      run.errors
        == "error: the Courses API failed: The server answered HTTP 429: API rate limit exceeded.\n"
        + "The Courses API answered with an error of its own; try again later.\n")
  }

  /// An origin's message with a line break, a tab and terminal escapes is reported on one line, by the kit that
  /// reports every failure: the escape's control character goes, the break and the tab become spaces.
  @Test func anOriginsMessageIsReportedOnOneLine() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    origin.setFault(.status(503, body: #"{"message": "down\nfor\tmaintenance \u001b[31mnow\u001b[0m"}"#))
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let run = await harness.run(["courses"])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "error: the Courses API failed: The server answered HTTP 503: down for maintenance [31mnow[0m.\n"
        + "The Courses API answered with an error of its own; try again later.\n", "\(run.errors)")
  }

  @Test func aFailedShowWithTheCourseCachedNamesShowOffline() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let online = await harness.run(["courses", "show", "c03"])
    #expect(online.status == 0)

    await origin.stop()
    let refreshed = await harness.run(["courses", "show", "c03", "--refresh"])
    #expect(refreshed.status == 0)
    #expect(refreshed.output == online.output)
    let lines = refreshed.errors.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(refreshed.errors)")
    #expect(lines.first?.hasPrefix("warning: showing the course cached at ") == true)
    #expect(lines.first?.contains(", which may be out of date: the Courses API could not be ") == true)
    #expect(
      lines.last
        == "Check COURSES_API_URL and your network, then retry; `app courses show c03 --offline` shows what is cached.")

    let cold = await harness.run(["courses", "show", "c04", "--refresh"])
    #expect(cold.status == 1)
    #expect(cold.errors.hasSuffix("\nCheck COURSES_API_URL and your network, then retry.\n"), "\(cold.errors)")
  }
}
