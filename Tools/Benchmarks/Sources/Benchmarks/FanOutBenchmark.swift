import CoursesFeature
import CoursesTesting
import CoursesUseCase
import DI
import FeatureKit
import FeatureKitTesting
import Foundation
import TestSupport
import UseCase

/// The Courses home screen through the app's real assemblies, against an origin that answers in 150 ms.
struct FanOutBenchmark {
  let runs: Int
  static let delay = Duration.milliseconds(150)

  func run() async throws -> FanOutResult {
    var times: [Double] = []
    var requests: [Int] = []
    var roundTrips: [Int] = []
    // One unmeasured run first: it loads the code and starts the loopback machinery.
    for run in 0...runs {
      let origin = try await CoursesOrigin.start()
      origin.setDelay(Self.delay)
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("bench-fanout-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: home) }
      let environment = ["APP_HOME": home.path, "COURSES_API_URL": origin.endpoint.absoluteString]
      let application = Application(
        root: CoursesPlugin.command, features: [CoursesPlugin.self], environment: environment,
        terminal: Terminal(output: CapturedText().sink, errors: CapturedText().sink))
      let container = try Assembler(application.assemblies()).assemble()
      let useCase = try container.resolve(GetMainUseCase.self)

      let start = monotonicNanoseconds()
      let main = try await useCase.read(recentLimit: 5, recommendedLimit: 10, policy: .standard).settled()
      let elapsed = monotonicNanoseconds() - start
      await origin.stop()
      guard let main, main.provenance.source == .network, !main.recentCourses.isEmpty else {
        throw BenchmarkFailure("the home screen did not come from the origin")
      }
      guard run > 0 else { continue }
      times.append(Double(elapsed) / 1e6)
      requests.append(origin.requestCount)
      roundTrips.append(origin.roundTrips)
    }
    return FanOutResult(
      originDelayMilliseconds: Int(
        Self.delay.components.seconds * 1000 + Self.delay.components.attoseconds / 1_000_000_000_000_000),
      milliseconds: Figure(samples: times), requests: requests, roundTrips: roundTrips)
  }
}
