import Foundation
import Reliability
import TestScheduling
import TestSupport
import Testing

/// The ids of the stocked courses, as the store of stocks keeps them.
private let stockedCourses = "SELECT key FROM user_data WHERE namespace = 'courses.stocked' ORDER BY key"

/// `app cache info` and `app cache clear`, on the built binary with the demo catalog in a fresh APP_HOME.
@Suite(.untimed) struct CacheCommandTests {
  /// A home with the demo home screen cached and c03 stocked.
  func preparedHome() async throws -> (AppHome, [String: String]) {
    let home = AppHome(label: "cache-command")
    let environment = ["APP_HOME": home.url.path]
    #expect(try await AppRunner.run(["courses"], environment: environment).status == 0)
    #expect(try await AppRunner.run(["courses", "stock", "c03"], environment: environment).status == 0)
    return (home, environment)
  }

  @Test func infoShowsEachFeaturesEntriesAndTheLimits() async throws {
    let (home, environment) = try await preparedHome()
    defer { home.remove() }

    let info = try await AppRunner.run(["cache", "info"], environment: environment)
    #expect(info.status == 0)
    let lines = info.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.split(separator: " ").map(String.init) == ["FEATURE", "ENTRIES", "SIZE", "OLDEST", "NEWEST"])
    let courses = try #require(lines.first { $0.hasPrefix("courses ") })
    let entries = try home.strings("SELECT COUNT(*) FROM cache_entries WHERE namespace LIKE 'courses.%'")
    #expect(courses.split(separator: " ", omittingEmptySubsequences: true)[1] == Substring(entries.first ?? ""))
    #expect(
      info.stdout.contains(
        "Limits: 100.0 MB in all (APP_CACHE_MAX_MB), the entries fetched longest ago going first; an entry fetched "
          + "30 days before the newest one goes too.\n"))
    #expect(lines.contains { $0.split(separator: " ", omittingEmptySubsequences: true) == ["search", "0", "0", "B"] })
    #expect(info.stderr.isEmpty)

    let json = try await AppRunner.run(
      ["cache", "--json"], environment: environment.merging(["APP_CACHE_MAX_MB": "5"]) { $1 })
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["limitBytes"] as? Int == 5_000_000)
    let features = try #require(object["features"] as? [[String: Any]])
    #expect(
      features.compactMap { $0["name"] as? String } == ["courses", "search"], "every feature, also without entries")
    #expect(features.last?["entries"] as? Int == 0)
    #expect(features.last?["oldest"] is NSNull)
  }

  @Test func infoOnAFreshHomeListsEveryFeatureAndCreatesNoDatabase() async throws {
    let home = AppHome(label: "cache-fresh")
    defer { home.remove() }
    let environment = ["APP_HOME": home.url.path]
    let database = home.url.appendingPathComponent("app.sqlite")

    let info = try await AppRunner.run(["cache", "info"], environment: environment)
    #expect(info.status == 0)
    #expect(
      info.stdout == """
        FEATURE  ENTRIES  SIZE  OLDEST  NEWEST
        courses  0        0 B
        search   0        0 B
        total    0        0 B
        Limits: 100.0 MB in all (APP_CACHE_MAX_MB), the entries fetched longest ago going first; an entry fetched \
        30 days before the newest one goes too.
        Database: \(database.path)

        """)
    #expect(info.stderr.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: database.path), "reading nothing made nothing")
    let json = try await AppRunner.run(["cache", "info", "--json"], environment: environment)
    #expect(json.status == 0)
    #expect(!FileManager.default.fileExists(atPath: database.path))
  }

  @Test func infoDatesAreRelativeOnATerminalAndRFC3339WhenPiped() async throws {
    let (home, environment) = try await preparedHome()
    defer { home.remove() }

    let piped = try await AppRunner.run(["cache", "info"], environment: environment)
    let pipedRow = try #require(piped.stdout.split(separator: "\n").first { $0.hasPrefix("courses ") })
    let stamps = pipedRow.split(separator: " ").suffix(2)
    #expect(stamps.allSatisfy { $0.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil }, "\(pipedRow)")

    let session = try await TerminalSession.start(
      RealTerminalTests.quoted(AppRunner.executable.path) + " cache info", width: 100, height: 30,
      environment: environment)
    defer { Task { await session.stop() } }
    let (status, lines) = try await session.waitForExit()
    #expect(status == 0)
    let row = try #require(lines.first { $0.hasPrefix("courses ") })
    let relativeDates = /(just now|\d+ minutes? ago)  (just now|\d+ minutes? ago)$/
    #expect(row.firstMatch(of: relativeDates) != nil, "\(row)")
  }

  @Test func clearingAFeatureEmptiesItsCacheAndKeepsTheStockedCourses() async throws {
    let (home, environment) = try await preparedHome()
    defer { home.remove() }

    let cleared = try await AppRunner.run(["cache", "clear", "courses"], environment: environment)
    #expect(cleared.status == 0)
    #expect(cleared.stdout.hasPrefix("Deleted "))
    #expect(cleared.stdout.hasSuffix(" cached entries of courses; user data is kept.\n"))
    #expect(try home.strings("SELECT COUNT(*) FROM cache_entries") == ["0"])
    #expect(try home.strings(stockedCourses) == ["c03"])
    let offline = try await AppRunner.run(["courses", "--offline"], environment: environment)
    #expect(offline.status == 1, "nothing is cached any more")
  }

  @Test func aFeatureIsNamedInAnyCase() async throws {
    let (home, environment) = try await preparedHome()
    defer { home.remove() }
    let entries = try home.strings("SELECT COUNT(*) FROM cache_entries").first ?? ""

    let cleared = try await AppRunner.run(["cache", "clear", "Courses"], environment: environment)
    #expect(cleared.status == 0)
    #expect(cleared.stdout == "Deleted \(entries) cached entries of courses; user data is kept.\n")
    #expect(cleared.stderr.isEmpty)
    #expect(try home.strings("SELECT COUNT(*) FROM cache_entries") == ["0"])
    #expect(try home.strings(stockedCourses) == ["c03"])
  }

  @Test func anUnknownFeatureIsAUsageErrorNamingTheKnownOnes() async throws {
    let (home, environment) = try await preparedHome()
    defer { home.remove() }
    let before = try home.strings("SELECT COUNT(*) FROM cache_entries")

    let run = try await AppRunner.run(["cache", "clear", "nosuch"], environment: environment)
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr == "error: no feature is named 'nosuch'; the features are courses, search\n"
        + "Usage: app cache clear [<feature>]\n")
    #expect(try home.strings("SELECT COUNT(*) FROM cache_entries") == before, "nothing was deleted")
  }
}
