import Foundation
import Reliability
import SearchTesting
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension SearchFeatureTests {
  @Suite("Search: one sender per repo, held by the kernel")
  struct SearchSendLockTests {
    /// The holder's PUT never gets an answer, so it holds the repo until it dies; the kernel then lets go of its
    /// lock, and a second `app sync` sends the star.
    @Test("kill -9 of the app sync that holds a repo frees it: the next app sync sends the star")
    func aKilledHolderFreesTheKey() async throws {
      let harness = try await SearchHarness.start()
      #expect(try await harness.run(["search", "star", "owner1/repo-1", "--offline"]).status == 0)
      let hold = RequestHold()
      let puts = Mutex(0)
      let github = harness.github
      harness.github.loopback.route("PUT", "/user/starred/*/*") { request in
        if puts.withLock({ count in
          count += 1
          return count
        }) == 1 {
          await hold.wait()
        }
        return github.starResponse(for: request)
      }
      let environment = harness.environment(["APP_HTTP_TIMEOUT": "600"])
      let holder = try AppRunner.start(["sync"], environment: environment)
      // The PUT arrived: its sender holds the repo.
      #expect(await hold.arrivals(atLeast: 1))

      async let second = AppRunner.run(["sync"], environment: environment)
      kill(holder.processIdentifier, SIGKILL)
      await AppRunner.waitForExit(holder)
      let sync = try await second

      #expect(sync.status == 0, "\(sync.stderr)")
      #expect(sync.stdout == "Sent star owner1/repo-1\n")
      #expect(github.starred == ["owner1/repo-1"])
      await hold.release()
      await harness.stop()
    }
  }
}
