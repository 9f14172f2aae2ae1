import CoursesTesting
import Foundation
import GRDB
import Reliability
import TestScheduling
import TestSupport
import Testing

@Suite(.untimed) struct CoursesAppTests {

  @Test func coursesJSONAgainstALoopbackGraphQLServer() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let home = AppHome(label: "courses-app")
    defer { home.remove() }
    let environment = ["APP_HOME": home.url.path, "COURSES_API_URL": origin.endpoint.absoluteString]
    let result = try await AppRunner.run(["courses", "--json", "--recent-limit", "3"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "no demo notice when COURSES_API_URL is set")
    let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(json["source"] as? String == "network")
    #expect(json["stale"] as? Bool == false)
    let recent = try #require(json["recentCourses"] as? [[String: Any]])
    #expect(recent.map { $0["id"] as? String } == ["c42", "c04", "c12"])
    #expect(recent[1]["title"] as? String == "Swiftではじめるプログラミング")
    #expect(recent[1]["categoryName"] as? String == "日本語コース")
    #expect(origin.requestCount == 6)
    #expect(origin.server.requests.allSatisfy { $0.header("User-Agent")?.hasPrefix("modular-app/") == true })

    let offline = try await AppRunner.run(
      ["courses", "--json", "--recent-limit", "3", "--offline"], environment: environment)
    #expect(offline.status == 0)
    #expect(origin.requestCount == 6, "--offline sends nothing")
  }

  @Test func demoCatalogIsAnnouncedOnceOnStandardError() async throws {
    let home = AppHome(label: "courses-app")
    defer { home.remove() }
    let result = try await AppRunner.run(["courses"], environment: ["APP_HOME": home.url.path])
    #expect(result.status == 0)
    #expect(result.stderr == "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses API.\n")
    #expect(result.stdout.contains("Recently viewed"))
  }

  @Test func stockedCoursesSurviveAKillDuringARefresh() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let home = AppHome(label: "courses-app")
    defer { home.remove() }
    let appHome = home.url
    let environment = ["APP_HOME": appHome.path, "COURSES_API_URL": origin.endpoint.absoluteString]
    #expect(try await AppRunner.run(["courses"], environment: environment).status == 0)
    #expect(try await AppRunner.run(["courses", "stock", "c01"], environment: environment).status == 0)
    #expect(try await AppRunner.run(["courses", "stock", "c16"], environment: environment).status == 0)

    origin.setFault(.hang)
    let requestsBefore = origin.requestCount
    let process = try AppRunner.start(["courses", "--refresh"], environment: environment)
    _ = try await origin.server.waitForRequests(count: requestsBefore + 1)
    kill(process.processIdentifier, SIGKILL)
    await AppRunner.waitForExit(process)
    #expect(process.terminationReason == .uncaughtSignal)

    origin.setFault(.none)
    let database = try DatabaseQueue(path: appHome.appendingPathComponent("app.sqlite").path)
    let (integrity, stocked) = try await database.read { db in
      (
        try String.fetchOne(db, sql: "PRAGMA integrity_check"),
        try String.fetchAll(db, sql: "SELECT key FROM user_data WHERE namespace = 'courses.stocked' ORDER BY key")
      )
    }
    #expect(integrity == "ok")
    #expect(stocked == ["c01", "c16"])
    let after = try await AppRunner.run(["courses", "stocked"], environment: environment)
    #expect(after.stdout.contains("c01"))
    #expect(after.stdout.contains("c16"))
  }
}
