import Foundation
import InfrastructureTesting
import TestScheduling
import Testing

@testable import Infrastructure

@Suite(.untimed) struct ConfigurationClockTests {
  @Test func manualClockMovesOnlyWhenTold() {
    let start = Date(timeIntervalSince1970: 1_000)
    let clock = ManualClock(start)
    #expect(clock.now() == start)
    clock.advance(by: 90)
    #expect(clock.now() == Date(timeIntervalSince1970: 1_090))
    clock.set(Date(timeIntervalSince1970: 10))
    #expect(clock.now() == Date(timeIntervalSince1970: 10))
  }

  @Test func systemClockTellsTheTime() {
    let before = Date()
    let now = SystemClock().now()
    #expect(now >= before)
    #expect(now.timeIntervalSince(before) < 60)
  }
}
