import Foundation
import Infrastructure
import Reliability
import TestSupport

/// The Courses feature's part of `make stress`: stocking from many processes, kills during a refresh, output and
/// storage faults, its decoders fuzzed, and its commands in the fault matrix.
public enum CoursesReliability: FeatureReliability {
  /// The stocked course ids, the user data no failure may lose.
  public static let stockedCourses = "SELECT key FROM user_data WHERE namespace = 'courses.stocked' ORDER BY key"

  /// Its scenarios at full size, drawing random choices from `seed`.
  public static func scenarios(seed: UInt64) -> [ReliabilityScenario] {
    [
      ReliabilityScenario("16 processes stock at once") {
        try await CoursesScenarios.concurrentStocking(processes: 16)
      },
      ReliabilityScenario("kill -9 during a refresh", killsTheApp: true) {
        try await CoursesScenarios.killDuringRefresh(runs: 50, seed: seed)
      },
      ReliabilityScenario("stdout full, closed, or its reader gone") {
        try await CoursesOutputScenarios.unwritableOutput()
      },
      ReliabilityScenario("a file system that is full (ulimit -f)") {
        try await CoursesOutputScenarios.fullFileSystem()
      },
      ReliabilityScenario("APP_HOME read-only (run as nobody)") {
        try await CoursesOutputScenarios.readOnlyHome()
      },
    ]
  }

  /// Its response decoders with real samples.
  public static func fuzzing() async throws -> [DecoderFuzzing.Suite] {
    [
      DecoderFuzzing.Suite(
        name: "fuzzed Courses responses", targets: try await CoursesDecoderTargets.all(),
        isTypedError: { $0 is GraphQLError })
    ]
  }

  /// Its command lines that must be usage errors.
  public static let hostileArguments: [(arguments: [String], message: String)] = [
    (["courses", "show", ""], "The course id is empty."),
    (["courses", "stock", "   "], "The course id is empty."),
    (
      ["courses", "show", String(repeating: "x", count: 10 * 1024)],
      "argument 3 ('xxxxxxxxxxxxxxxx…') is 10240 bytes long; the limit is 4096."
    ),
    (["courses", String(repeating: "-", count: 10 * 1024)], "argument 2 ('----------------…') is 10240 bytes long"),
    (["courses", "show", "c01\u{1B}[2J"], "argument 3 contains a control character (U+001B)"),
    (["courses", "stock", "c\u{7F}"], "argument 3 contains a control character (U+007F)"),
    (["courses", "--no-such-flag"], "Unknown option '--no-such-flag'"),
    (["courses", "show", "c01", "--bogus"], "Unknown option '--bogus'"),
  ]

  /// Its origin and commands in the fault matrix.
  public static func faultMatrix() async throws -> FaultMatrixPart {
    FaultMatrixPart(
      origin: try await CoursesOrigin.start(),
      setup: [["courses"], ["courses", "show", "c02"], ["courses", "stock", "c01"], ["courses", "stock", "c16"]],
      userData: [stockedCourses],
      commands: [
        FaultMatrixCommand("courses home", arguments: { $0 ? ["courses", "--refresh"] : ["courses"] }) {
          FaultMatrixCommand.cachedReadStatus($0, warm: $1, speaksGraphQL: true)
        },
        FaultMatrixCommand(
          "courses show", arguments: { $0 ? ["courses", "show", "c02", "--refresh"] : ["courses", "show", "c02"] }
        ) {
          FaultMatrixCommand.cachedReadStatus($0, warm: $1, speaksGraphQL: true)
        },
      ])
  }
}

extension CoursesOrigin: FaultOrigin {
  /// The settings that point the app at this origin served at `base`.
  public func environment(base: URL, token: String) -> [String: String] {
    ["COURSES_API_URL": base.appendingPathComponent("graphql").absoluteString]
  }

  /// Whether `request` is for this origin.
  public func handles(_ request: LoopbackRequest) -> Bool {
    request.path == "/graphql"
  }

  /// Its own answer under `fault`, where it differs from the generic one.
  public func answer(_ request: LoopbackRequest, under fault: TestSupport.Fault) async throws -> LoopbackResponse? {
    guard fault == .graphQLErrors else { return nil }
    return .json(#"{"data": null, "errors": [{"message": "the catalog is being rebuilt", "path": ["categories"]}]}"#)
  }
}
