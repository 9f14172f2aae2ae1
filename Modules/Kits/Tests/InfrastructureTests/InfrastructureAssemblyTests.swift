import DI
import Foundation
import Infrastructure
import TestScheduling
import Testing

@Suite(.untimed) struct InfrastructureAssemblyTests {
  func container(_ environment: [String: String]) throws -> Container {
    try Assembler([InfrastructureAssembly(environment: ["APP_HOME": "/tmp/app-tests-home"].merging(environment) { $1 })]
    )
    .assemble()
  }

  @Test func theGraphIsCompleteOnItsOwn() throws {
    let report = try container([:]).validate()
    #expect(report.isValid, "\(report)")
  }

  @Test func settingsReadTheAssemblysEnvironment() throws {
    let settings = try container(["EXAMPLE_API_URL": "https://api.example.com"]).resolve(Settings.self)
    #expect(settings.environment["EXAMPLE_API_URL"] == "https://api.example.com")
  }

  @Test func databaseLivesUnderAppHome() throws {
    let database = try container(["APP_HOME": "/tmp/app-home-check"]).resolve(Database.self)
    #expect(database.fileURL.path == "/tmp/app-home-check/app.sqlite")
  }
}
