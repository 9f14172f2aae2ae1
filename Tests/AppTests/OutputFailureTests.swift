import Foundation
import Reliability
import TestScheduling
import Testing

/// The ids of the stocked courses, as the store of stocks keeps them.
private let stockedCourses = "SELECT key FROM user_data WHERE namespace = 'courses.stocked' ORDER BY key"

/// Standard output that cannot be written: a full device, a closed descriptor, a reader that left.
@Suite(.untimed) struct OutputFailureTests {
  func home() async throws -> (AppHome, [String: String]) {
    let home = AppHome(label: "output-failure")
    let environment = ["APP_HOME": home.url.path]
    #expect(try await AppRunner.run(["courses", "stock", "c01"], environment: environment).status == 0)
    return (home, environment)
  }

  @Test func aFullDeviceIsExit1WithTheReason() async throws {
    let (home, environment) = try await home()
    defer { home.remove() }
    for command in ["courses --json", "courses", "courses stocked", "--help"] {
      let run = try await AppRunner.runShell("\"$0\" \(command) > /dev/full", environment: environment)
      #expect(run.status == 1, "\(command)")
      #expect(run.stderr.hasSuffix("error: could not write the output: No space left on device\n"), "\(command)")
    }
  }

  @Test func aClosedStandardOutputIsExit1BeforeAnythingIsDone() async throws {
    let (home, environment) = try await home()
    defer { home.remove() }
    let run = try await AppRunner.runShell(#""$0" courses stock c05 >&-"#, environment: environment)
    #expect(run.status == 1)
    #expect(run.stderr == "error: could not write the output: standard output is closed\n")
    #expect(try home.strings(stockedCourses) == ["c01"], "nothing was stocked")
  }

  @Test func aReaderThatLeftEndsTheAppQuietlyWithExit0() async throws {
    let (home, environment) = try await home()
    defer { home.remove() }
    // The pipe's reading end is closed before the app starts, so its first write fails with EPIPE every time.
    let program = """
      import os, subprocess, sys
      r, w = os.pipe()
      os.close(r)
      p = subprocess.run(sys.argv[1:], stdout=w)
      sys.exit(p.returncode if p.returncode >= 0 else 128 - p.returncode)
      """
    for command in [["courses", "--json"], ["courses", "stocked"], ["--help"]] {
      let run = try await AppRunner.runShell(
        "exec python3 -c '\(program)' \"$0\" " + command.joined(separator: " "), environment: environment)
      #expect(run.status == 0, "\(command): not ended by SIGPIPE")
      #expect(run.stderr.isEmpty, "\(command): \(run.stderr)")
    }
    #expect(try home.strings(stockedCourses) == ["c01"])
  }
}
