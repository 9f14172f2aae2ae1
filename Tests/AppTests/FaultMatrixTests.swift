import Foundation
import TestScheduling
import TestSupport
import Testing

@testable import Reliability

/// Every fault, four at a time: each case starts its own servers and homes and runs 11 app processes one after
/// another, mostly waiting on them (a stall on the app's own 2-second timeout). Four at once keep 2 cores busy;
/// all 17 at once would start 17 servers and 17 streams of processes together for no faster an end.
@Suite(.untimed) struct FaultMatrixTests {
  /// The cases that may run at once.
  static let slots = Slots(4)

  @Test(arguments: Fault.allCases)
  func everyCommandSurvivesTheFaultWithItsDataIntact(fault: Fault) async throws {
    await Self.slots.acquire()
    defer { Task { await Self.slots.release() } }
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

/// A counting semaphore for tests: at most `count` holders at once, the others waiting in turn.
actor Slots {
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(_ count: Int) { free = count }

  func acquire() async {
    guard free == 0 else {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func release() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
