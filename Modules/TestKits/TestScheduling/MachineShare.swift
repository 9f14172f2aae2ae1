import Testing

/// Who may run beside whom, for every test of every package: a timing suite alone, everything else together.
///
/// Swift Testing runs tests in parallel, and on Linux every test target runs in one process, so a wall-clock
/// assertion would measure whatever else runs. `.serialized` orders only a suite's own tests. This trait takes a
/// process-wide lock around each test: shared for `.untimed`, exclusive for `.timing`. A timing test therefore
/// waits for the running tests to finish, and nothing starts while it runs, whether the whole suite runs or one
/// target (`swift test --filter CoursesTests`). `make test` fails when a suite carries neither.
public struct MachineShare: TestTrait, SuiteTrait, TestScoping {
  /// Whether the test must run alone.
  public let isExclusive: Bool

  /// Applies to every test of the suite, nested suites included.
  public var isRecursive: Bool { true }

  /// A scope for each test case; none for a suite itself, whose tests take the lock one by one.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> MachineShare? {
    test.isSuite || testCase == nil ? nil : self
  }

  /// Runs `function` holding the lock, unless an enclosing scope of this test already holds it.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    if let held = MachineLock.held {
      // A nested suite's trait inside its parent's: the parent's hold counts, unless this one needs more.
      guard isExclusive, !held else { return try await function() }
      Issue.record("a .timing test inside an .untimed suite cannot run alone; mark the outer suite .timing")
      return try await function()
    }
    await MachineLock.shared.acquire(exclusive: isExclusive)
    do {
      try await MachineLock.$held.withValue(isExclusive) { try await function() }
    } catch {
      await MachineLock.shared.release(exclusive: isExclusive)
      throw error
    }
    await MachineLock.shared.release(exclusive: isExclusive)
  }
}

extension Trait where Self == MachineShare {
  /// The test measures wall-clock time: it runs alone, with no other test of the process beside it.
  public static var timing: MachineShare { MachineShare(isExclusive: true) }

  /// The test may run beside any other test, except a `.timing` one.
  public static var untimed: MachineShare { MachineShare(isExclusive: false) }
}

/// A readers-writer lock for the test process: many shared holders, or one exclusive holder. A waiting exclusive
/// request keeps new shared ones waiting, so a timing test is not starved by a stream of parallel tests.
actor MachineLock {
  /// The lock of the test process.
  static let shared = MachineLock()

  /// Whether the current task holds the lock, exclusively (`true`) or shared (`false`).
  @TaskLocal static var held: Bool?

  private var sharedHolders = 0
  private var exclusiveHeld = false
  private var waitingExclusive: [CheckedContinuation<Void, Never>] = []
  private var waitingShared: [CheckedContinuation<Void, Never>] = []

  func acquire(exclusive: Bool) async {
    if exclusive {
      if !exclusiveHeld && sharedHolders == 0 {
        exclusiveHeld = true
        return
      }
      await withCheckedContinuation { waitingExclusive.append($0) }
    } else {
      if !exclusiveHeld && waitingExclusive.isEmpty {
        sharedHolders += 1
        return
      }
      await withCheckedContinuation { waitingShared.append($0) }
    }
  }

  /// Releases a hold; the lock then goes to the next exclusive waiter once nothing holds it, else to every
  /// shared waiter at once. A woken waiter is already counted as a holder when it resumes.
  func release(exclusive: Bool) {
    if exclusive { exclusiveHeld = false } else { sharedHolders -= 1 }
    guard !exclusiveHeld else { return }
    if sharedHolders == 0, !waitingExclusive.isEmpty {
      exclusiveHeld = true
      waitingExclusive.removeFirst().resume()
    } else if waitingExclusive.isEmpty, !waitingShared.isEmpty {
      let woken = waitingShared
      waitingShared = []
      sharedHolders += woken.count
      for waiter in woken { waiter.resume() }
    }
  }
}
