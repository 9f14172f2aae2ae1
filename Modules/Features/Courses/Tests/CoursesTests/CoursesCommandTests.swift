import CoursesTesting
import Foundation
import TestScheduling
import TestSupport
import Testing

/// A way the Courses origin can fail.
enum OriginFailure: String, CaseIterable, Sendable {
  case down, http500, malformedJSON, truncatedJSON, graphQLErrors, timeout

  /// Applies the failure to `origin`; returns extra environment (a short timeout). `down` stops the origin, so
  /// its URL, which the cache files its data under, stays the same and refuses connections.
  func apply(to origin: CoursesOrigin) async throws -> [String: String] {
    switch self {
    case .down: await origin.stop()
    case .http500: origin.setFault(.status(500, body: "<html>Internal Server Error</html>"))
    case .malformedJSON: origin.setFault(.malformedJSON)
    case .truncatedJSON: origin.setFault(.truncatedJSON)
    case .graphQLErrors: origin.setFault(.graphQLErrors("the catalog is being rebuilt"))
    case .timeout:
      origin.setFault(.hang)
      return ["APP_HTTP_TIMEOUT": "1"]
    }
    return [:]
  }

  /// The hint of a failure with nothing cached: the origin's own errors are not blamed on the address or the network,
  /// and `--offline`, which would show nothing, is not suggested.
  var expectedColdHint: String {
    switch self {
    case .http500, .graphQLErrors: "The Courses API answered with an error of its own; try again later."
    case .down, .malformedJSON, .truncatedJSON, .timeout: "Check COURSES_API_URL and your network, then retry."
    }
  }

  /// What the error title says.
  var expectedTitle: String {
    switch self {
    case .down: "Could not connect to 127.0.0.1"
    case .http500: "HTTP 500"
    case .malformedJSON, .truncatedJSON: "could not be read"
    case .graphQLErrors: "the catalog is being rebuilt"
    case .timeout: "timed out"
    }
  }
}

@Suite(.untimed) struct CoursesCommandTests {
  @Test(arguments: OriginFailure.allCases)
  func failingOriginWithoutCacheIsAOneScreenErrorAndExit1(failure: OriginFailure) async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin, extra: try await failure.apply(to: origin))
    defer { harness.remove() }
    let run = await harness.run(["courses"])
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    let lines = run.errors.split(separator: "\n")
    #expect(lines.count == 2, "a title and a hint: \(run.errors)")
    #expect(lines.first?.hasPrefix("error: the Courses API ") == true)
    #expect(run.errors.contains(failure.expectedTitle), "\(run.errors)")
    #expect(lines.last.map(String.init) == failure.expectedColdHint)
    // One piece of advice: the title says what happened, the hint what to do.
    #expect(run.errors.components(separatedBy: "try again").count <= 2, "\(run.errors)")
  }

  @Test(arguments: OriginFailure.allCases)
  func failingOriginWithCacheShowsTheCachedScreenWarnsAndExits0(failure: OriginFailure) async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let healthy = try CoursesHarness(origin: origin)
    defer { healthy.remove() }
    let first = await healthy.run(["courses"])
    #expect(first.status == 0)
    #expect(await healthy.run(["courses", "stock", "c02"]).status == 0)

    var environment = healthy.environment.merging(try await failure.apply(to: origin)) { $1 }
    environment["APP_HOME"] = healthy.home.path
    let failing = CoursesHarness(home: healthy.home, environment: environment)
    let run = await failing.run(["courses", "--refresh"])
    #expect(run.status == 0)
    #expect(
      run.output
        == first.output.replacingOccurrences(
          of: "c02  Swift Concurrency in Depth               Swift              Advanced      5h 10m   5%",
          with: "c02  Swift Concurrency in Depth               Swift              Advanced      5h 10m   5%  stocked"))
    #expect(run.errors.hasPrefix("warning: showing courses cached at "))
    #expect(run.errors.contains(", which may be out of date: "))
    #expect(run.errors.contains(failure.expectedTitle))
    #expect(
      run.errors.hasSuffix("; `app courses --offline` shows what is cached.\n"), "something is cached: \(run.errors)")

    let state = try await failing.databaseState()
    #expect(state.integrity == "ok")
    #expect(state.stocked == ["c02"], "stocked courses survive a failing refresh")
  }

  @Test func unknownCourseIsNotFoundForShowAndStock() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    #expect(await harness.run(["courses", "stock", "c01"]).status == 0)
    for command in ["show", "stock"] {
      let run = await harness.run(["courses", command, "c404"])
      #expect(run.status == 1)
      #expect(
        run.errors.contains(
          "error: course not found: c404\nCheck the id; `app courses` shows every course's id before its title.\n"))
      #expect(run.output.isEmpty)
    }
    #expect(try await harness.databaseState().stocked == ["c01"])
  }

  @Test func stockingTwiceIsIdempotentAndUnstockingWhatIsNotStockedSaysSo() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let first = await harness.run(["courses", "stock", "c04"])
    #expect(first.status == 0)
    #expect(first.output == "Stocked c04: Swiftではじめるプログラミング\n")
    let second = await harness.run(["courses", "stock", "c04"])
    #expect(second.status == 0)
    #expect(second.output == "c04 is already stocked: Swiftではじめるプログラミング\n")
    #expect(try await harness.databaseState().stocked == ["c04"])

    #expect(
      await harness.run(["courses", "stocked"]).output.hasPrefix("c04  Swiftではじめるプログラミング  (stocked "),
      "the stocked list starts each row with the id that `show` and `unstock` take")

    let notStocked = await harness.run(["courses", "unstock", "c05"])
    #expect(notStocked.status == 0)
    #expect(notStocked.output == "c05 is not stocked; nothing changed.\n")
    let unstock = await harness.run(["courses", "unstock", "c04"])
    #expect(unstock.output == "Unstocked c04: Swiftではじめるプログラミング\n")
    #expect(
      await harness.run(["courses", "stocked"]).output
        == "No stocked courses. Stock one with `app courses stock <id>`.\n")
  }

  @Test(arguments: [
    (["courses", "--recent-limit", "0"], "--recent-limit must be from 1 to 100, not 0."),
    (["courses", "--recent-limit", "101"], "--recent-limit must be from 1 to 100, not 101."),
    (["courses", "--recommended-limit", "1000"], "--recommended-limit must be from 1 to 100, not 1000."),
    (["courses", "--recent-limit=-1"], "--recent-limit must be from 1 to 100, not -1."),
    (["courses", "--recent-limit", "lots"], "The value 'lots' is invalid for '--recent-limit <recent-limit>'"),
    (["courses", "--offline", "--refresh"], "--offline and --refresh cannot be used together"),
    (["courses", "show", " "], "The course id is empty."),
    (["courses", "show"], "Missing expected argument '<id>'"),
  ])
  func badArgumentsAreUsageErrors(arguments: [String], message: String) async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let run = await harness.run(arguments)
    #expect(run.status == 64)
    #expect(run.errors.contains(message), "\(run.errors)")
    #expect(run.output.isEmpty)
  }

  static let homeUsage =
    "Usage: app courses [--offline] [--refresh] [--json] [--recent-limit <recent-limit>] "
    + "[--recommended-limit <recommended-limit>]\n  See 'app courses --help' for more information.\n"

  /// `app courses` takes no words and only its own options: a usage error names what was wrong, and its usage and
  /// pointer to help name `app courses` as typed, not the default subcommand (`home`) it fell back to. An unknown
  /// option is named before a missing argument.
  @Test(arguments: [
    (["courses", "--bogus"], "error: Unknown option '--bogus'\n" + homeUsage),
    (["courses", "extra"], "error: Unexpected argument 'extra'\n" + homeUsage),
    (["courses", "--offline", "-x"], "error: Unknown option '-x'\n" + homeUsage),
    (
      ["courses", "show", "--bogus"],
      "error: Unknown option '--bogus'\nUsage: app courses show <id> [--offline] [--refresh] [--json]\n"
        + "  See 'app courses show --help' for more information.\n"
    ),
  ])
  func unknownOptionsAndExtraWordsAreNamedAsTyped(arguments: [String], errors: String) async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let run = await harness.run(arguments)
    #expect(run.status == 64)
    #expect(run.errors == errors, "\(arguments)")
    #expect(run.output.isEmpty)
  }

  @Test func offlineWithAnEmptyCacheSaysWhatToDo() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let run = await harness.run(["courses", "--offline"])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "error: the home screen is not in the cache\n"
        + "Run `app courses` once without --offline (the bundled demo catalog needs no network); then --offline "
        + "shows it, also with a smaller --recent-limit or --recommended-limit.\n")
  }

  @Test func secondRunOfflineShowsTheSameContentFromTheCache() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let online = await harness.run(["courses", "--json"])
    let offline = await harness.run(["courses", "--offline", "--json"])
    #expect(online.status == 0 && offline.status == 0)
    let a = try #require(JSONSerialization.jsonObject(with: Data(online.output.utf8)) as? [String: Any])
    let b = try #require(JSONSerialization.jsonObject(with: Data(offline.output.utf8)) as? [String: Any])
    #expect(a["source"] as? String == "network")
    #expect(b["source"] as? String == "cache")
    for key in ["categories", "recentCourses", "recommendedCourses", "rankings"] {
      #expect((a[key] as? NSArray) == (b[key] as? NSArray), "\(key)")
    }
    #expect(online.errors == "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses API.\n")
    #expect(offline.errors.isEmpty)
  }
}

@Suite(.untimed) struct CourseDetailFallbackTests {
  @Test func aFailingOriginShowsTheCachedCourseWithAWarningButNeverAnUnknownOne() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let online = await harness.run(["courses", "show", "c03"])
    #expect(online.status == 0)

    origin.setFault(.status(503, body: "down"))
    let refreshed = await harness.run(["courses", "show", "c03", "--refresh"])
    #expect(refreshed.status == 0)
    #expect(refreshed.output == online.output)
    #expect(refreshed.errors.hasPrefix("warning: showing the course cached at "))
    #expect(refreshed.errors.contains("503"))

    let unknown = await harness.run(["courses", "show", "c404", "--refresh"])
    #expect(unknown.status == 1)
    #expect(unknown.output.isEmpty)
  }
}

@Suite(.untimed) struct CoursesOriginCacheTests {
  @Test func theDemoCatalogsCacheNeverAnswersForACoursesAPI() async throws {
    let demo = try CoursesHarness(origin: nil)
    defer { demo.remove() }
    #expect(await demo.run(["courses"]).status == 0)
    #expect(await demo.run(["courses", "--offline"]).status == 0)

    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    var environment = demo.environment
    environment["COURSES_API_URL"] = origin.endpoint.absoluteString
    let api = CoursesHarness(home: demo.home, environment: environment)
    let offline = await api.run(["courses", "--offline"])
    #expect(offline.status == 1, "the demo catalog's screen is not the API's")
    #expect(origin.requestCount == 0)

    let show = await api.run(["courses", "show", "c01", "--offline"])
    #expect(show.status == 1, "the demo's covering lists do not answer for the API either")
    #expect(show.errors.hasPrefix("error: course c01 is not in the cache"), "\(show.errors)")

    let online = await api.run(["courses", "--json"])
    #expect(online.status == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(online.output.utf8)) as? [String: Any])
    #expect(json["source"] as? String == "network")
    #expect(origin.requestCount == 6)
  }
}
