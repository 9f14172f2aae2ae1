import Foundation
import TestSupport
import Testing

@testable import Reliability

@Suite struct FaultMatrixTests {
  @Test(arguments: Fault.allCases)
  func everyCommandSurvivesTheFaultWithItsDataIntact(fault: Fault) async throws {
    let result = try await FaultMatrix.run(faults: [fault])
    #expect(result.runs == FaultMatrix.Command.allCases.count * 2 + 1)
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
