import Foundation
import Infrastructure
import InfrastructureTesting
import Synchronization
import TestScheduling
import Testing

@testable import Repository

/// The user's changes through a store whose cacher keeps them, on a real database: what a write answers, what
/// reads and observers see while the change waits for its origin, and what the outbox does with it.
@Suite(.timeLimit(.minutes(1)), .untimed)
struct StoreWriteTests {
  static let start = Date(timeIntervalSince1970: 1_700_000_000)
  static let namespace = "tests.stars"
  static let origin = "https://api.test"
  static let tokenHash = "h1"
  static let key = "octo/hello"

  let temporary: TemporaryDatabase
  let clock = ManualClock(StoreWriteTests.start)
  let changes: ChangeTable
  let cache: CacheTable

  init() throws {
    temporary = try TemporaryDatabase()
    changes = ChangeTable(database: temporary.database)
    cache = CacheTable(database: temporary.database)
  }

  func cacher(tokenHash: String = StoreWriteTests.tokenHash, keepsChanges: Bool = true) -> SQLiteCacher<String, Bool> {
    SQLiteCacher(
      database: temporary.database, namespace: Self.namespace, origin: Self.origin, tokenHash: tokenHash,
      keepsChanges: keepsChanges)
  }

  func makeStore(
    _ origin: StarOrigin = StarOrigin([]), tokenHash: String = StoreWriteTests.tokenHash, keepsChanges: Bool = true
  ) -> Store<String, Bool> {
    Store(
      cacher: cacher(tokenHash: tokenHash, keepsChanges: keepsChanges), fetcher: origin, freshness: .ttl(.seconds(60)),
      clock: clock)
  }

  func sender(
    _ store: Store<String, Bool>, namespace: String = StoreWriteTests.namespace,
    deliver: @escaping @Sendable (String, Bool) async -> ChangeDelivery
  ) -> ChangeSender {
    ChangeSender(
      store: store, namespace: namespace, origin: Self.origin, tokenHash: Self.tokenHash, key: { $0 },
      describe: { key, value in "\(value ? "star" : "unstar") \(key)" }, deliver: deliver)
  }

  func makeOutbox(_ senders: [ChangeSender], pauses: PauseRecorder = PauseRecorder()) -> ChangeOutbox {
    ChangeOutbox(database: temporary.database, senders: senders, clock: clock, pause: pauses.pause)
  }

  /// The change waiting for the key, if one does.
  func waiting(tokenHash: String = StoreWriteTests.tokenHash) async throws -> PendingChange? {
    try await changes.waiting(namespace: Self.namespace, origin: Self.origin, tokenHash: tokenHash, key: Self.key)
  }

  /// The payload of the key's cache row, if there is one.
  func cacheRow() async throws -> Data? {
    try await cache.record(
      namespace: Self.namespace, origin: ChangeTable.cacheOrigin(Self.origin, tokenHash: Self.tokenHash),
      key: Self.key)?.payload
  }

  /// The user's change, as the store answers it while it waits.
  func waitingAnswer(_ value: Bool, fetchedAt: Date, source: DataSource = .cache) -> StoreResponse<Bool> {
    StoreResponse(value: value, source: source, fetchedAt: fetchedAt, isStale: false, waitsForOrigin: true)
  }

  // MARK: - Writing and reading

  @Test func aWriteWaitsForTheOriginAndAnOfflineReadAnswersIt() async throws {
    let store = makeStore()

    let answer = try await store.write(true, for: Self.key)

    #expect(answer == waitingAnswer(true, fetchedAt: Self.start))
    #expect(try await changes.count() == 1)
    clock.advance(by: 5)
    let read = try await store.settled(Self.key, policy: .offline)
    #expect(read == waitingAnswer(true, fetchedAt: Self.start))
  }

  @Test func aFetchOfTheOriginsOlderValueStillAnswersTheWaitingChange() async throws {
    let origin = StarOrigin([false])
    let store = makeStore(origin)
    try await store.write(true, for: Self.key)
    clock.advance(by: 5)

    let states = await allStates(of: store.stream(Self.key, policy: .refresh))

    #expect(
      states == [
        .loading(cached: waitingAnswer(true, fetchedAt: Self.start)),
        .completed(waitingAnswer(true, fetchedAt: Self.start + 5, source: .network)),
      ])
    #expect(origin.callCount == 1)
    #expect(try await waiting()?.payload == Data("true".utf8))
    #expect(try await store.settled(Self.key, policy: .offline) == waitingAnswer(true, fetchedAt: Self.start + 5))
  }

  /// The origin took the change, so it holds the user's value: what the cache answers once the change no longer
  /// waits, although a fetch made while the change waited wrote the origin's older value to the cache row.
  @Test func aChangeDeliveredAfterAFetchOfTheOlderValueIsWhatTheCacheAnswers() async throws {
    let store = makeStore(StarOrigin([false]))
    try await store.write(true, for: Self.key)
    _ = try await store.settled(Self.key, policy: .refresh)
    let change = try #require(try await waiting())

    #expect(try await changes.delivered(change))

    let read = try await store.settled(Self.key, policy: .offline)
    #expect(read.waitsForOrigin == false)
    #expect(read.value == true)
  }

  /// The fetch saw the origin hold the starred value (set elsewhere), so an unstar differs from what the origin
  /// holds and has to be sent, although it is the value cached before the first intent.
  @Test func anIntentBackToTheValueBeforeAFetchThatSawTheOriginChangeStillWaits() async throws {
    let store = makeStore(StarOrigin([false, true]))
    _ = try await store.settled(Self.key)
    try await store.write(true, for: Self.key)
    _ = try await store.settled(Self.key, policy: .refresh)
    #expect(try await cacheRow() == Data("true".utf8), "the origin answered true")

    let answer = try await store.write(false, for: Self.key)

    #expect(answer.waitsForOrigin)
    #expect(try await changes.count() == 1)
  }

  @Test func observeStaysOpenThroughAWriteAndItsDelivery() async throws {
    let store = makeStore(StarOrigin([false]))
    let (seen, seenContinuation) = AsyncStream.makeStream(of: LoadingState<Bool>.self)
    let watcher = Task {
      var count = 0
      for await state in store.observe(Self.key) {
        count += 1
        seenContinuation.yield(state)
      }
      seenContinuation.finish()
      return count
    }
    var states = seen.makeAsyncIterator()
    let fetched = StoreResponse(value: false, source: .network, fetchedAt: Self.start, isStale: false)

    #expect(await states.next() == .loading(cached: nil))
    #expect(await states.next() == .completed(fetched))

    clock.advance(by: 5)
    let written = try await store.write(true, for: Self.key)
    #expect(await states.next() == .completed(written))
    #expect(written == waitingAnswer(true, fetchedAt: Self.start + 5))

    let change = try #require(try await waiting())
    #expect(try await changes.delivered(change))
    await store.reload(Self.key)
    let delivered = StoreResponse(value: true, source: .cache, fetchedAt: Self.start, isStale: false)
    #expect(await states.next() == .completed(delivered), "the cache row keeps when the origin last answered")

    watcher.cancel()
    #expect(await states.next() == nil)
    #expect(await watcher.value == 4)
    #expect(await store.observers.isObserved(Self.key) == false)
  }

  @Test func aOneShotStreamStillEndsAfterItsSettledState() async throws {
    let store = makeStore()
    try await store.write(true, for: Self.key)
    let (seen, seenContinuation) = AsyncStream.makeStream(of: LoadingState<Bool>.self)
    let watcher = Task {
      for await state in store.observe(Self.key, policy: .offline) { seenContinuation.yield(state) }
      seenContinuation.finish()
    }
    var observed = seen.makeAsyncIterator()
    #expect(await observed.next() == .completed(waitingAnswer(true, fetchedAt: Self.start)))

    let states = await allStates(of: store.stream(Self.key, policy: .offline))

    #expect(states == [.completed(waitingAnswer(true, fetchedAt: Self.start))])
    watcher.cancel()
    #expect(await observed.next() == nil)
  }

  @Test func withoutKeepingChangesAWriteIsLocalAndNothingWaits() async throws {
    let store = makeStore(keepsChanges: false)

    let answer = try await store.write(true, for: Self.key)

    #expect(answer == StoreResponse(value: true, source: .local, fetchedAt: Self.start, isStale: false))
    #expect(try await changes.count() == 0)
    #expect(try await cacheRow() == Data("true".utf8))
    #expect(try await store.settled(Self.key, policy: .offline).waitsForOrigin == false)
  }

  // MARK: - Sending

  @Test func aDeliveredChangeIsSentAndNoLongerWaits() async throws {
    let store = makeStore()
    try await store.write(true, for: Self.key)
    let script = DeliveryScript([.delivered])

    let reports = try await makeOutbox([sender(store) { _, value in script.deliver(value) }]).send()

    #expect(reports.map { SendOutcome($0.result) } == [.sent])
    #expect(reports.map(\.summary) == ["star octo/hello"])
    #expect(script.delivered == [true])
    #expect(try await changes.count() == 0)
    #expect(try await store.settled(Self.key, policy: .offline).waitsForOrigin == false)
    #expect(try await cacheRow() == Data("true".utf8))
  }

  @Test func aRefusedChangeIsUndone() async throws {
    let store = makeStore()
    try await store.write(true, for: Self.key)
    let script = DeliveryScript([.refused(TestError("HTTP 422"))])

    let reports = try await makeOutbox([sender(store) { _, value in script.deliver(value) }]).send()

    #expect(reports.map { SendOutcome($0.result) } == [.refused("HTTP 422")])
    #expect(try await changes.count() == 0)
    #expect(try await cacheRow() == nil, "the next read asks the origin")
  }

  @Test func aFailingChangeIsTriedAgainThenKeptWaiting() async throws {
    let store = makeStore()
    try await store.write(true, for: Self.key)
    let failure = TestError("HTTP 503")
    let script = DeliveryScript(Array(repeating: .failed(failure, retryAt: nil), count: 3))
    let pauses = PauseRecorder()

    let reports = try await makeOutbox([sender(store) { _, value in script.deliver(value) }], pauses: pauses).send(
      tries: 3)

    #expect(reports.map { SendOutcome($0.result) } == [.waits("HTTP 503")])
    #expect(script.delivered == [true, true, true])
    #expect(pauses.recorded == [.seconds(1), .seconds(2)])
    let change = try #require(try await waiting())
    #expect(change.attempts == 3)
    #expect(change.lastFailure == "HTTP 503")
    #expect(try await store.settled(Self.key, policy: .offline).waitsForOrigin)
  }

  @Test func aRateLimitedChangeIsNotTriedAgainInTheSameRun() async throws {
    let store = makeStore()
    try await store.write(true, for: Self.key)
    let reset = clock.now() + 60
    let script = DeliveryScript([.failed(TestError("rate limited"), retryAt: reset), .delivered])
    let pauses = PauseRecorder()

    let reports = try await makeOutbox([sender(store) { _, value in script.deliver(value) }], pauses: pauses).send(
      tries: 3)

    #expect(reports.map { SendOutcome($0.result) } == [.waits("rate limited")])
    #expect(script.delivered == [true])
    #expect(pauses.recorded == [])
    #expect(try await waiting()?.attempts == 1)
  }

  @Test func aChangeNoSenderTakesWaits() async throws {
    let store = makeStore()
    try await store.write(true, for: Self.key)
    let script = DeliveryScript([.delivered])

    let reports = try await makeOutbox([sender(store, namespace: "tests.other") { _, value in script.deliver(value) }])
      .send()

    #expect(
      reports.map { SendOutcome($0.result) }
        == [.waits(ChangeError.noSender(namespace: Self.namespace).description)])
    #expect(script.delivered == [])
    #expect(try await waiting()?.attempts == 0)
  }

  @Test func aChangeMadeWithAnotherTokenWaitsUnsent() async throws {
    let store = makeStore(tokenHash: "h2")
    try await store.write(true, for: Self.key)
    let script = DeliveryScript([.delivered])

    let reports = try await makeOutbox([sender(store) { _, value in script.deliver(value) }]).send()

    #expect(reports.map { SendOutcome($0.result) } == [.waits(ChangeError.otherToken.description)])
    #expect(script.delivered == [])
    #expect(try await waiting(tokenHash: "h2")?.attempts == 0)
  }

  @Test func aChangeMadeForAnotherOriginWaitsUnsent() async throws {
    let store = makeStore()
    let elsewhere = "https://elsewhere.test"
    try await changes.record(
      namespace: Self.namespace, origin: elsewhere, tokenHash: Self.tokenHash, key: Self.key,
      payload: Data("true".utf8), at: Self.start)
    let script = DeliveryScript([.delivered])

    let reports = try await makeOutbox([sender(store) { _, value in script.deliver(value) }]).send()

    #expect(reports.map { SendOutcome($0.result) } == [.waits(ChangeError.otherOrigin(elsewhere).description)])
    #expect(script.delivered == [])
  }

  /// The send holds the key: a newer intent made while the older one is in flight is its to send next, after
  /// it, so the origin ends with the last intent and no other send of the key races it there.
  @Test func anIntentWrittenDuringASendIsSentAfterIt() async throws {
    let store = makeStore()
    try await store.write(true, for: Self.key)
    let first = try #require(try await waiting())
    let gate = Gate()
    let (started, startedContinuation) = AsyncStream.makeStream(of: Bool.self)
    let outbox = makeOutbox([
      sender(store) { _, value in
        startedContinuation.yield(value)
        await gate.wait()
        return .delivered
      }
    ])
    let sending = Task { try await outbox.send() }
    var deliveries = started.makeAsyncIterator()
    #expect(await deliveries.next() == true)

    clock.advance(by: 5)
    let answer = try await store.write(false, for: Self.key)
    #expect(answer.waitsForOrigin, "the origin may hold the value being sent: the new intent waits")
    let newer = try #require(try await waiting())
    #expect(newer.id > first.id)
    // Another send finds the key held: it leaves the newer intent to the send in flight.
    let other = try await makeOutbox([sender(store) { _, _ in .delivered }]).send()
    #expect(other.map { SendOutcome($0.result) } == [.waits(ChangeError.beingSent.description)])
    gate.open()
    let reports = try await sending.value

    #expect(await deliveries.next() == false, "the newer intent, sent after the first")
    #expect(reports.map { SendOutcome($0.result) } == [.sent])
    #expect(reports.first?.change.id == newer.id)
    #expect(try await waiting() == nil)
    #expect(try await store.settled(Self.key, policy: .offline).value == false)
  }
}

extension StoreWriteTests {
  /// An origin of stars that answers from a script and counts its calls.
  final class StarOrigin: Fetcher {
    private let replies: Mutex<[Bool]>
    private let count = Mutex(0)

    init(_ replies: [Bool]) {
      self.replies = Mutex(replies)
    }

    var callCount: Int { count.withLock { $0 } }

    func fetch(_ key: String, pageKey: String?) async throws -> FetchResult<Bool> {
      count.withLock { $0 += 1 }
      guard let reply = replies.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
        throw TestError("no reply scripted")
      }
      return FetchResult(reply)
    }
  }

  /// What the deliver closure of a sender was called with and what it answers, one scripted answer per call.
  final class DeliveryScript: Sendable {
    private let answers: Mutex<[ChangeDelivery]>
    private let calls = Mutex<[Bool]>([])

    init(_ answers: [ChangeDelivery]) {
      self.answers = Mutex(answers)
    }

    /// The values delivered, in order.
    var delivered: [Bool] { calls.withLock { $0 } }

    func deliver(_ value: Bool) -> ChangeDelivery {
      calls.withLock { $0.append(value) }
      return answers.withLock { $0.isEmpty ? .failed(TestError("no answer scripted"), retryAt: nil) : $0.removeFirst() }
    }
  }

  /// Records the pauses an outbox asks for and returns at once.
  final class PauseRecorder: Sendable {
    private let pauses = Mutex<[Duration]>([])

    var recorded: [Duration] { pauses.withLock { $0 } }

    var pause: @Sendable (Duration) async -> Void {
      { duration in self.pauses.withLock { $0.append(duration) } }
    }
  }

  /// A result of a send, comparable: errors by their description.
  enum SendOutcome: Equatable {
    case sent
    case refused(String)
    case waits(String)

    init(_ result: ChangeReport.Result) {
      switch result {
      case .sent: self = .sent
      case .refused(let error): self = .refused("\(error)")
      case .waits(let error): self = .waits("\(error)")
      }
    }
  }
}
