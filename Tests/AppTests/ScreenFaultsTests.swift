import Foundation
import TestScheduling
import TestSupport
import Testing

@testable import Reliability

#if canImport(Glibc)
  import Glibc
#endif

/// `app ui` under a fault through a pseudo-terminal of our own, as `make stress` runs it under every fault; and
/// that pseudo-terminal itself.
@Suite(.serialized, .untimed) struct ScreenFaultsTests {
  /// `app ui` (keys while its home loads, and once it has drawn the outcome) and each feature's screens, cold and
  /// warm, with the origins down: each ends by itself after `q`, with the terminal as it was.
  @Test func uiSessionsEndWithTheTerminalRestoredWhenTheOriginsAreDown() async throws {
    let suites = registeredReliability()
    let result = try await ScreenFaults.run(suites, faults: [.originDown])
    #expect(result.runs >= 3 * 2, "app ui twice and at least one feature's screens, cold and warm: \(result)")
    #expect(result.isClean, "\(result.failures.joined(separator: "\n"))")
  }

  /// The driver reads up to a marker, types into the program, and reads back settings the program changed.
  @Test func thePseudoTerminalSeesKeysOutputStatusAndSettings() throws {
    let script = #"stty -echo; printf 'ready\033[?2026l'; read line; printf 'got %s' "$line"; exit 3"#
    let terminal = try PseudoTerminal.start(
      "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"])
    let ready = try terminal.readFrame(timeout: .seconds(30))
    #expect(String(decoding: ready, as: UTF8.self) == "ready\u{1B}[?2026l")
    try terminal.send("hello\r")
    let exit = try terminal.waitForExit(timeout: .seconds(30))
    #expect(exit.status == 3)
    #expect(!exit.timedOut && !exit.signaled)
    #expect(String(decoding: exit.output, as: UTF8.self).contains("got hello"))
    #expect(exit.settingsAfter != terminal.settingsBefore, "stty -echo is seen")
    #expect(exit.settingsAfter.localFlags | UInt32(ECHO) == terminal.settingsBefore.localFlags)
  }
}
