import Repository
import Synchronization
import TestScheduling
import Testing
import UseCase
import UseCaseTesting

@Suite(.untimed) struct RelatedTests {
  @Test func aLookupThatAnswersInTimeIsFound() async {
    let related = await Related<String>.within(.seconds(30)) { () async throws(RelatedLookupFailure) in ["a", "b"] }
    #expect(related == .found(["a", "b"]))
    #expect(related.items == ["a", "b"])
  }

  @Test func nothingMatchedIsFoundEmptyNotUnavailable() async {
    let related = await Related<String>.within(.seconds(30)) { () async throws(RelatedLookupFailure) in [] }
    #expect(related == .found([]))
    #expect(related.items == [])
  }

  @Test func aLookupsFailureSaysWhy() async {
    let failed = await Related<String>.within(.seconds(30)) { () async throws(RelatedLookupFailure) -> [String] in
      throw .failed("GitHub answered with status 503")
    }
    #expect(failed == .unavailable(.failed("GitHub answered with status 503")))
    #expect(failed.items == nil)
    let notCached = await Related<String>.within(.seconds(30)) { () async throws(RelatedLookupFailure) -> [String] in
      throw .notCached
    }
    #expect(notCached == .unavailable(.notCached))
  }

  @Test func aLookupStillRunningAtTheDeadlineIsGivenUpAndCancelled() async {
    let cancelled = Mutex(false)
    let (ended, endedContinuation) = AsyncStream<Void>.makeStream()
    let related = await Related<String>.within(.milliseconds(50)) { () async throws(RelatedLookupFailure) -> [String] in
      // Waits until it is cancelled: an origin that never answers.
      try? await Task.sleep(for: .seconds(86_400))
      cancelled.withLock { $0 = Task.isCancelled }
      endedContinuation.finish()
      throw .failed("cancelled")
    }
    #expect(related == .unavailable(.timedOut(.milliseconds(50))))
    // The lookup ends by its cancellation, not by its own answer.
    for await _ in ended {}
    #expect(cancelled.withLock { $0 })
  }

  // A lookup that is not cancelled would sleep for a day: the time limit turns that into a failure.
  @Test(.timeLimit(.minutes(1))) func cancellingTheCallerCancelsTheLookupAndStopsWaitingForIt() async {
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    let (ended, endedContinuation) = AsyncStream<Bool>.makeStream()
    let task = Task {
      await Related<String>.within(.seconds(86_400)) { () async throws(RelatedLookupFailure) -> [String] in
        startedContinuation.finish()
        try? await Task.sleep(for: .seconds(86_400))
        // What the lookup saw when its wait ended: cancelled, or not.
        endedContinuation.yield(Task.isCancelled)
        endedContinuation.finish()
        throw .failed("the lookup ended")
      }
    }
    for await _ in started {}
    task.cancel()
    #expect(await task.value == .unavailable(.failed("cancelled")))
    var lookupWasCancelled: Bool?
    for await cancelled in ended { lookupWasCancelled = cancelled }
    #expect(lookupWasCancelled == true, "the lookup itself is cancelled, not only abandoned")
  }

  @Test func onlyAFailureOrAnUnansweredLookupHasAReasonWorthTelling() {
    #expect(RelatedUnavailable.absent.reason == nil)
    #expect(RelatedUnavailable.notCached.reason == nil)
    #expect(RelatedUnavailable.failed("GitHub's rate limit was reached").reason == "GitHub's rate limit was reached")
    #expect(RelatedUnavailable.timedOut(.milliseconds(1500)).reason == "no answer within 1.5 s")
    #expect(RelatedUnavailable.timedOut(.seconds(2)).reason == "no answer within 2 s")
    #expect(RelatedUnavailable.timedOut(.milliseconds(50)).reason == "no answer within 0.1 s")
  }
}

@Suite(.untimed) struct LookupDoubleTests {
  @Test func itAnswersWhatTheTestSaysAndRecordsEveryQuery() async throws {
    let double = LookupDouble<String, Int>.returning([1, 2])
    #expect(try await double.lookUp("first") == [1, 2])
    #expect(try await double.lookUp("second") == [1, 2])
    #expect(double.queries == ["first", "second"])
  }

  @Test func anUnimplementedDoubleNamesTheInterfaceTheTestForgot() async {
    let double = LookupDouble<String, Int>.unimplemented("RepoFinder")
    await #expect(throws: RelatedLookupFailure.failed("RepoFinder double: the test did not say what it answers")) {
      try await double.lookUp("x")
    }
  }

  @Test func aFailingDoubleThrowsItsFailure() async {
    await #expect(throws: RelatedLookupFailure.notCached) {
      try await LookupDouble<String, Int>.failing(.notCached).lookUp("x")
    }
  }

  @Test func anUnansweredDoubleIsGivenUpAtTheDeadline() async {
    let double = LookupDouble<String, Int>.unanswered
    let related = await Related<Int>.within(.milliseconds(20)) { () async throws(RelatedLookupFailure) in
      try await double.lookUp("x")
    }
    #expect(related == .unavailable(.timedOut(.milliseconds(20))))
    #expect(double.queries == ["x"])
  }
}
