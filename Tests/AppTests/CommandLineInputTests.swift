import Foundation
import Reliability
import TestScheduling
import Testing

/// Hostile or malformed command lines: every one is a usage error (64), never a crash.
@Suite(.untimed) struct CommandLineInputTests {
  static let home = FileManager.default.temporaryDirectory.appendingPathComponent("cli-input-\(UUID().uuidString)").path

  static let cases = HostileArguments.cases(registeredReliability())

  @Test(arguments: cases.indices)
  func isAUsageError(index: Int) async throws {
    let (arguments, message) = Self.cases[index]
    let result = try await AppRunner.run(arguments, environment: ["APP_HOME": Self.home])
    #expect(result.status == 64, "\(arguments.first ?? ""): \(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func invalidUTF8IsAUsageError() async throws {
    let result = try await AppRunner.runShell(HostileArguments.invalidUTF8.script, environment: ["APP_HOME": Self.home])
    #expect(result.status == 64)
    #expect(result.stderr.contains(HostileArguments.invalidUTF8.message))
  }
}
