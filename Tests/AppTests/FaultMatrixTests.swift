import Foundation
import TestScheduling
import TestSupport
import Testing

@testable import Reliability

/// Every fault in turn: each case starts servers and runs 11 app processes, the stalls against a 2-second timeout,
/// which 17 cases at once on 2 cores would turn into 17 stalls at once.
@Suite(.serialized, .untimed) struct FaultMatrixTests {
  @Test(arguments: Fault.allCases)
  func everyCommandSurvivesTheFaultWithItsDataIntact(fault: Fault) async throws {
    let suites = registeredReliability()
    var commands = 0
    for suite in suites {
      let part = try await suite.faultMatrix()
      commands += part.commands.count
      await part.origin.stop()
    }
    let result = try await FaultMatrix.run(suites, faults: [fault])
    #expect(commands >= suites.count, "every feature puts commands in the matrix")
    #expect(result.runs == commands * 2 + 1)
    #expect(result.isClean, "\(result.failures.joined(separator: "\n"))")
  }

  @Test func swappedTypesKeepTheShapeButNotTheTypes() throws {
    let swapped = FaultServer.swapTypesForTesting(Data(#"{"a": "xy", "b": [1, true], "c": null}"#.utf8))
    let object = try #require(JSONSerialization.jsonObject(with: swapped) as? [String: Any])
    #expect(object["a"] as? Int == 2)
    #expect((object["b"] as? [Any])?.compactMap { $0 as? String } == ["1", "1"])
    #expect(object["c"] is NSNull)
  }
}
