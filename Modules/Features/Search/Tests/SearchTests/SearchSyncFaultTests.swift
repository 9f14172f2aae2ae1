import Foundation
import Reliability
import SearchTesting
import Synchronization
import TestSupport
import Testing

extension SearchFeatureTests {
  @Suite("Search: app sync under faults")
  struct SearchSyncFaultTests {
    static let repos = ["owner1/repo-1", "owner2/repo-2", "owner3/repo-3"]

    /// Stars each of ``repos`` with `--offline`: three changes wait, in that order.
    static func stage(_ harness: SearchHarness) async throws {
      for repo in repos {
        #expect(try await harness.run(["search", "star", repo, "--offline"]).status == 0)
      }
    }

    /// The PUTs GitHub received.
    static func puts(_ harness: SearchHarness) -> Int {
      harness.github.requests.filter { $0.method == "PUT" }.count
    }

    @Test("a silent GitHub costs one timeout per run: the first change is tried, the others wait untried")
    func silentGitHub() async throws {
      let harness = try await SearchHarness.start()
      try await Self.stage(harness)
      let hold = RequestHold()
      harness.github.loopback.route("PUT", "/user/starred/*/*") { _ in
        await hold.wait()
        return .empty()
      }

      let sync = try await harness.run(["sync"], environment: ["APP_HTTP_TIMEOUT": "1"])

      #expect(sync.status == 1)
      let timeout = "GitHub did not answer within APP_HTTP_TIMEOUT (127.0.0.1)"
      #expect(
        sync.stdout == """
          Waits star owner1/repo-1: \(timeout)
          Waits star owner2/repo-2: not tried: \(timeout)
          Waits star owner3/repo-3: not tried: \(timeout)

          """)
      #expect(await hold.arrivals == 1, "one request: one timeout")
      let list = try await harness.run(["sync", "--list"])
      #expect(
        list.stdout == """
          3 changes wait:
            star owner1/repo-1  (key owner1/repo-1; last try: \(timeout))
            star owner2/repo-2  (key owner2/repo-2)
            star owner3/repo-3  (key owner3/repo-3)

          """)
      await hold.release()
      await harness.stop()
    }

    @Test("429 with Retry-After 3600: one request; no run sends to GitHub before then, and each says until when")
    func retryAfterHoldsEveryRun() async throws {
      let harness = try await SearchHarness.start()
      try await Self.stage(harness)
      harness.github.loopback.route("PUT", "/user/starred/*/*", response: GitHubFakeResponses.retryAfter(3600))

      let sync = try await harness.run(["sync"])

      #expect(sync.status == 1)
      #expect(Self.puts(harness) == 1)
      let lines = sync.stdout.split(separator: "\n").map(String.init)
      #expect(lines.count == 3)
      let reason = try #require(lines.first?.components(separatedBy: "Waits star owner1/repo-1: ").last)
      #expect(reason.hasPrefix("GitHub rate limit exceeded until ") && reason.hasSuffix(" (local time)"), "\(reason)")
      #expect(lines.dropFirst() == ["Waits star owner2/repo-2: \(reason)", "Waits star owner3/repo-3: \(reason)"])

      let again = try await harness.run(["sync"])
      #expect(again.status == 1)
      #expect(again.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix(": \(reason)") })
      let star = try await harness.run(["search", "star", "owner4/repo-4"])
      #expect(star.status == 0)
      #expect(
        star.stderr == "note: the star is kept and waits for GitHub (\(reason)); app sync sends it after that time\n")
      #expect(Self.puts(harness) == 1, "nothing goes to GitHub before the time it gave, from any run")

      // The hold shows in the list, with until when; a newer intent for a key keeps the last try's failure.
      #expect(try await harness.run(["search", "unstar", "owner1/repo-1", "--offline"]).status == 0)
      let until = try #require(reason.components(separatedBy: "until ").last?.components(separatedBy: " ").first)
      let list = try await harness.run(["sync", "--list"])
      let held = "held until \(until) (local time), as the server asked)"
      #expect(
        list.stdout.split(separator: "\n").map(String.init) == [
          "4 changes wait:",
          "  star owner2/repo-2  (key owner2/repo-2; \(held)",
          "  star owner3/repo-3  (key owner3/repo-3; \(held)",
          "  star owner4/repo-4  (key owner4/repo-4; \(held)",
          "  unstar owner1/repo-1  (key owner1/repo-1; last try: \(reason); \(held)",
        ], "\(list.stdout)")
      let json = try await harness.run(["sync", "--list", "--json"])
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      let changes = try #require(object["changes"] as? [[String: Any]])
      #expect(changes.count == 4)
      #expect(changes.allSatisfy { ($0["heldUntil"] as? String)?.hasSuffix("Z") == true }, "\(changes)")
      #expect(changes.last?["lastFailure"] as? String == reason, "the merged intent keeps the last try's failure")
      await harness.stop()
    }

    @Test("a secondary limit with neither Retry-After nor a reset holds stars back for a minute")
    func secondaryLimitWithoutHeaders() async throws {
      let harness = try await SearchHarness.start()
      try await Self.stage(harness)
      harness.github.loopback.route(
        "PUT", "/user/starred/*/*",
        response: GitHubFakeResponses.error(403, message: "You have exceeded a secondary rate limit."))

      let sync = try await harness.run(["sync"])
      let again = try await harness.run(["sync"])

      #expect(sync.status == 1 && again.status == 1)
      #expect(Self.puts(harness) == 1)
      #expect(sync.stdout.hasPrefix("Waits star owner1/repo-1: GitHub secondary rate limit exceeded until "))
      await harness.stop()
    }

    @Test("a rate limit on another resource (search) does not hold stars back")
    func anotherResourcesLimit() async throws {
      let harness = try await SearchHarness.start()
      try await Self.stage(harness)
      let first = Mutex(true)
      let github = harness.github
      harness.github.loopback.route("PUT", "/user/starred/*/*") { request in
        if first.withLock({ first in
          defer { first = false }
          return first
        }) {
          return GitHubFakeResponses.rateLimitExceeded(reset: Date().addingTimeInterval(3600), resource: "search")
        }
        return github.starResponse(for: request)
      }

      let sync = try await harness.run(["sync"])

      #expect(sync.status == 1)
      #expect(
        sync.stdout.hasPrefix(
          "Waits star owner1/repo-1: GitHub's search rate limit was hit; stars are not held by it\n"),
        "\(sync.stdout)")
      #expect(sync.stdout.hasSuffix("Sent star owner2/repo-2\nSent star owner3/repo-3\n"))
      let list = try await harness.run(["sync", "--list"])
      #expect(!list.stdout.contains("held until"), "no hold: \(list.stdout)")
      let again = try await harness.run(["sync"])
      #expect(again.status == 0 && again.stdout == "Sent star owner1/repo-1\n")
      #expect(Self.puts(harness) == 4)
      await harness.stop()
    }

    @Test("Ctrl-C while GitHub holds a send ends with 130 saying what is kept, and every change still waits")
    func interruptedSync() async throws {
      let harness = try await SearchHarness.start()
      try await Self.stage(harness)
      let hold = RequestHold()
      harness.github.loopback.route("PUT", "/user/starred/*/*") { _ in
        await hold.wait()
        return .empty()
      }
      let (process, errors) = try Self.spawn(harness, ["sync"])
      defer { try? FileManager.default.removeItem(at: errors) }

      #expect(await hold.arrivals(atLeast: 1), "the first star reached GitHub, which holds it")
      process.interrupt()
      await AppRunner.waitForExit(process)

      #expect(process.terminationStatus == 130)
      #expect(
        try String(contentsOf: errors, encoding: .utf8)
          == "Sending 3 changes…\nInterrupted: 3 changes not settled are kept and wait; app sync sends them.\n")
      let list = try await harness.run(["sync", "--list"])
      #expect(list.stdout.hasPrefix("3 changes wait:\n"), "\(list.stdout)")
      await hold.release()
      await harness.stop()
    }

    /// Starts `app <arguments>` (`app sync` by default) as a process of its own, its standard error into a file;
    /// answers the process and the file.
    static func spawn(
      _ harness: SearchHarness, _ arguments: [String] = ["sync"]
    ) throws -> (
      process: Process, errors: URL
    ) {
      let errors = FileManager.default.temporaryDirectory.appendingPathComponent("app-errors-\(UUID().uuidString)")
      #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
      let process = Process()
      process.executableURL = AppRunner.executable
      process.arguments = arguments
      process.environment = harness.environment()
      process.standardOutput = FileHandle.nullDevice
      process.standardError = try FileHandle(forWritingTo: errors)
      try AppRunner.launch(process)
      return (process, errors)
    }

    @Test("Ctrl-C while GitHub holds a star ends with 130 saying the star is kept, and it waits")
    func interruptedStar() async throws {
      let harness = try await SearchHarness.start()
      let hold = RequestHold()
      harness.github.loopback.route("PUT", "/user/starred/*/*") { _ in
        await hold.wait()
        return .empty()
      }
      let (process, errors) = try Self.spawn(harness, ["search", "star", "owner1/repo-1"])
      defer { try? FileManager.default.removeItem(at: errors) }

      #expect(await hold.arrivals(atLeast: 1), "the star reached GitHub, which holds it")
      process.interrupt()
      await AppRunner.waitForExit(process)

      #expect(process.terminationStatus == 130)
      #expect(
        try String(contentsOf: errors, encoding: .utf8)
          == "Interrupted: the star of owner1/repo-1 is kept and waits for GitHub; app sync sends it.\n")
      let list = try await harness.run(["sync", "--list"])
      #expect(list.stdout.hasPrefix("1 change waits:\n  star owner1/repo-1  (key owner1/repo-1"), "\(list.stdout)")
      await hold.release()
      await harness.stop()
    }

    @Test("a sync behind another run's send says so at once, and never sends what that run tried")
    func syncBehindAnotherRun() async throws {
      let harness = try await SearchHarness.start()
      #expect(try await harness.run(["search", "star", "owner1/repo-1", "--offline"]).status == 0)
      let hold = RequestHold()
      harness.github.loopback.route("PUT", "/user/starred/*/*") { _ in
        await hold.wait()
        return LoopbackResponse(status: 503)
      }
      let first = try Self.spawn(harness)
      defer { try? FileManager.default.removeItem(at: first.errors) }
      #expect(await hold.arrivals(atLeast: 1), "the first run's star reached GitHub, which holds it")
      let second = try Self.spawn(harness)
      defer { try? FileManager.default.removeItem(at: second.errors) }
      let waitingLine =
        "Waiting for another run of the app (pid \(first.process.processIdentifier)) sending star owner1/repo-1…\n"
      // The second run says it waits while the first one still holds the star: only then does GitHub answer.
      var said = ""
      for _ in 0..<1200 where !said.contains(waitingLine) {
        try await Task.sleep(for: .milliseconds(50))
        said = (try? String(contentsOf: second.errors, encoding: .utf8)) ?? ""
      }
      #expect(said == "Sending 1 change…\n" + waitingLine, "\(said)")
      await hold.release()
      await AppRunner.waitForExit(first.process)
      await AppRunner.waitForExit(second.process)

      #expect(first.process.terminationStatus == 1 && second.process.terminationStatus == 1)
      #expect(Self.puts(harness) == 1, "the star once, from the first run: the second does not send it again")
      let list = try await harness.run(["sync", "--list"])
      #expect(list.stdout.hasPrefix("1 change waits:\n"), "\(list.stdout)")
      await harness.stop()
    }

    @Test("two app syncs at once send each change once, and both exit 0")
    func twoSyncsAtOnce() async throws {
      let harness = try await SearchHarness.start()
      try await Self.stage(harness)

      async let first = harness.run(["sync"])
      async let second = harness.run(["sync"])
      let (one, two) = try await (first, second)

      #expect(one.status == 0, "\(one.stdout)\(one.stderr)")
      #expect(two.status == 0, "\(two.stdout)\(two.stderr)")
      #expect(Self.puts(harness) == 3)
      #expect(harness.github.starred == Set(Self.repos))
      let list = try await harness.run(["sync", "--list"])
      #expect(list.stdout == "No change waits.\n")
      await harness.stop()
    }

    @Test("app sync --discard finds a repo however its name is cased")
    func discardIgnoresCase() async throws {
      let harness = try await SearchHarness.start()
      try await Self.stage(harness)

      let dropped = try await harness.run(["sync", "--discard", "OWNER2/Repo-2"])

      #expect(dropped.status == 0)
      #expect(dropped.stdout == "Dropped star owner2/repo-2; it will not be sent.\n")
      await harness.stop()
    }
  }
}
