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

  /// A store that keeps changes and sends them with `deliver`, through its own outbox and locks.
  func makeStore(
    _ origin: StarOrigin = StarOrigin([]), namespace: String = StoreWriteTests.namespace,
    tokenHash: String = StoreWriteTests.tokenHash,
    deliver: @escaping @Sendable (String, Bool) async -> ChangeDelivery
  ) -> Store<String, Bool> {
    Store(
      cacher: SQLiteCacher(
        database: temporary.database, namespace: namespace, origin: Self.origin, tokenHash: tokenHash,
        keepsChanges: true),
      fetcher: origin,
      updater: Updater(
        key: { $0.lowercased() }, describe: { key, value in "\(value ? "star" : "unstar") \(key)" },
        explain: { error, _ in ChangeReason("\(error)") }, deliver: deliver),
      outbox: ChangeOutbox(database: temporary.database, locks: ChangeLocks(besides: temporary.database), clock: clock),
      freshness: .ttl(.seconds(60)), clock: clock)
  }

  /// An outbox of another sender (with locks of its own, as another process has) sending through `stores`'
  /// senders.
  func makeOutbox(_ stores: [Store<String, Bool>], pauses: PauseRecorder = PauseRecorder()) -> ChangeOutbox {
    ChangeOutbox(
      database: temporary.database, locks: ChangeLocks(besides: temporary.database),
      senders: stores.compactMap(\.sender), clock: clock, pause: pauses.pause)
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
  /// The cache says the origin does not hold the star; the user stars then unstars while it waits: the intents
  /// coalesce, and the last one is still sent, since only the origin knows what it holds (it may have been starred
  /// elsewhere since the cache heard from it).
  @Test func anIntentBackToTheCachedValueIsStillSent() async throws {
    let script = DeliveryScript([.delivered])
    let store = makeStore(StarOrigin([false])) { _, value in script.deliver(value) }
    _ = try await store.settled(Self.key)
    try await store.write(true, for: Self.key)

    let answer = try await store.write(false, for: Self.key)

    #expect(answer.waitsForOrigin)
    #expect(try await changes.count() == 1)
    let report = try #require(try await store.send(Self.key))
    #expect(SendOutcome(report.result) == .sent)
    #expect(script.delivered == [false], "one request, carrying the last intent")
  }

  @Test func fiveTogglesWhileAwayAreOneRequestCarryingTheLast() async throws {
    let script = DeliveryScript([.delivered])
    let store = makeStore { _, value in script.deliver(value) }
    for value in [true, false, true, false, true] { try await store.write(value, for: Self.key) }

    let reports = try await makeOutbox([store]).send()

    #expect(reports.map { SendOutcome($0.result) } == [.sent])
    #expect(script.delivered == [true])
    #expect(try await changes.count() == 0)
  }

  @Test func aFollowerStaysOpenThroughAFetchAWriteAndItsDelivery() async throws {
    let store = makeStore(StarOrigin([false]))
    var snapshots = store.observe(keys: [Self.key]).makeAsyncIterator()
    #expect(await snapshots.next() == [:], "nothing is cached yet")

    let fetched = StoreResponse(value: false, source: .network, fetchedAt: Self.start, isStale: false)
    #expect(try await store.settled(Self.key) == fetched)
    #expect(await snapshots.next() == [Self.key: fetched])

    clock.advance(by: 5)
    let written = try await store.write(true, for: Self.key)
    #expect(await snapshots.next() == [Self.key: written])
    #expect(written == waitingAnswer(true, fetchedAt: Self.start + 5))

    let change = try #require(try await waiting())
    #expect(try await changes.delivered(change))
    await store.reload(Self.key)
    let delivered = StoreResponse(value: true, source: .cache, fetchedAt: Self.start, isStale: false)
    #expect(await snapshots.next() == [Self.key: delivered], "the cache row keeps when the origin last answered")
    #expect(await store.observers.isObserved(Self.key))
  }

  @Test func aOneShotStreamStillEndsAfterItsSettledStateWhileTheKeyIsFollowed() async throws {
    let store = makeStore()
    try await store.write(true, for: Self.key)
    var snapshots = store.observe(keys: [Self.key]).makeAsyncIterator()
    #expect(await snapshots.next() == [Self.key: waitingAnswer(true, fetchedAt: Self.start)])

    let states = await allStates(of: store.stream(Self.key, policy: .offline))

    #expect(states == [.completed(waitingAnswer(true, fetchedAt: Self.start))])
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
    let script = DeliveryScript([.delivered])
    let store = makeStore { _, value in script.deliver(value) }
    try await store.write(true, for: Self.key)

    let reports = try await makeOutbox([store]).send()

    #expect(reports.map { SendOutcome($0.result) } == [.sent])
    #expect(reports.map(\.summary) == ["star octo/hello"])
    #expect(script.delivered == [true])
    #expect(try await changes.count() == 0)
    #expect(try await store.settled(Self.key, policy: .offline).waitsForOrigin == false)
    #expect(try await cacheRow() == Data("true".utf8))
  }

  @Test func theStoreSendsItsOwnChangeAndReportsOnlyThisKeyOriginAndToken() async throws {
    let script = DeliveryScript([.delivered])
    let store = makeStore { _, value in script.deliver(value) }
    // The same key waits for another token, recorded first.
    try await changes.record(
      namespace: Self.namespace, origin: Self.origin, tokenHash: "h2", key: Self.key, payload: Data("false".utf8),
      at: Self.start)
    try await store.write(true, for: Self.key)

    let report = try #require(try await store.send(Self.key))

    #expect(SendOutcome(report.result) == .sent)
    #expect(report.change.tokenHash == Self.tokenHash)
    #expect(script.delivered == [true])
    #expect(try await changes.count() == 1, "the other token's change still waits")
    #expect(try await store.send(Self.key) == nil, "nothing waits for this key any more")
  }

  @Test func aRefusedChangeIsUndone() async throws {
    let script = DeliveryScript([.refused(TestError("HTTP 422"))])
    let store = makeStore { _, value in script.deliver(value) }
    try await store.write(true, for: Self.key)

    let reports = try await makeOutbox([store]).send()

    #expect(reports.map { SendOutcome($0.result) } == [.refused("HTTP 422")])
    #expect(reports.first?.reason == ChangeReason("HTTP 422"))
    #expect(try await changes.count() == 0)
    #expect(try await cacheRow() == nil, "the next read asks the origin")
  }

  @Test func aPassingFailureIsTriedOnceAndTheNextChangeStillGoes() async throws {
    let failure = TestError("HTTP 503")
    let script = DeliveryScript([.waits(failure, .passing), .delivered])
    let store = makeStore { _, value in script.deliver(value) }
    try await store.write(true, for: Self.key)
    try await store.write(false, for: "octo/other")
    let pauses = PauseRecorder()

    let reports = try await makeOutbox([store], pauses: pauses).send()

    #expect(reports.map { SendOutcome($0.result) } == [.waits("HTTP 503"), .sent])
    #expect(script.delivered == [true, false])
    #expect(pauses.recorded == [])
    let change = try #require(try await waiting())
    #expect(change.attempts == 1)
    #expect(change.lastFailure == "HTTP 503")
    #expect(try await store.settled(Self.key, policy: .offline).waitsForOrigin)
  }

  @Test func anOriginThatDoesNotAnswerCostsOneTryPerRun() async throws {
    let script = DeliveryScript([.waits(TestError("timed out"), .originAway)])
    let store = makeStore { _, value in script.deliver(value) }
    for key in ["a/1", "a/2", "a/3"] { try await store.write(true, for: key) }

    let reports = try await makeOutbox([store]).send()

    #expect(
      reports.map { SendOutcome($0.result) }
        == [
          .waits("timed out"), .waits(ChangeError.originAway(reason: "timed out").description),
          .waits(ChangeError.originAway(reason: "timed out").description),
        ])
    #expect(script.delivered == [true], "one request: the others wait untried")
    #expect(try await changes.all().map(\.attempts) == [1, 0, 0])
  }

  @Test func aRateLimitHoldsTheOriginForEveryProcessUntilItsTime() async throws {
    let reset = clock.now() + 60
    let script = DeliveryScript([.waits(TestError("rate limited"), .until(reset)), .delivered, .delivered])
    let store = makeStore { _, value in script.deliver(value) }
    try await store.write(true, for: Self.key)
    try await store.write(true, for: "octo/other")

    let first = try await makeOutbox([store]).send()
    let second = try await makeOutbox([store]).send()

    let held = ChangeError.held(until: reset, reason: "rate limited").description
    #expect(first.map { SendOutcome($0.result) } == [.waits("rate limited"), .waits(held)])
    #expect(second.map { SendOutcome($0.result) } == [.waits(held), .waits(held)], "another run holds back too")
    #expect(script.delivered == [true])

    clock.advance(by: 61)
    let third = try await makeOutbox([store]).send()
    #expect(third.map { SendOutcome($0.result) } == [.sent, .sent])
  }

  @Test func aLocalSettingThatStopsTheSendKeepsTheChange() async throws {
    let script = DeliveryScript([.waits(TestError("bad CA bundle"), .setting)])
    let store = makeStore { _, value in script.deliver(value) }
    try await store.write(true, for: Self.key)

    let reports = try await makeOutbox([store]).send()

    #expect(reports.map { SendOutcome($0.result) } == [.waits("bad CA bundle")])
    #expect(try await waiting()?.payload == Data("true".utf8), "never undone")
  }

  @Test func aChangeNoSenderTakesWaits() async throws {
    let script = DeliveryScript([.delivered])
    let store = makeStore { _, _ in .delivered }
    try await store.write(true, for: Self.key)
    let other = makeStore(namespace: "tests.other") { _, value in script.deliver(value) }

    let reports = try await makeOutbox([other]).send()

    #expect(
      reports.map { SendOutcome($0.result) }
        == [.waits(ChangeError.noSender(namespace: Self.namespace).description)])
    #expect(script.delivered == [])
    #expect(try await waiting()?.attempts == 0)
  }

  @Test func aChangeMadeWithAnotherTokenWaitsUnsentAndIsListedSo() async throws {
    let script = DeliveryScript([.delivered])
    try await makeStore(tokenHash: "h2") { _, _ in .delivered }.write(true, for: Self.key)
    let store = makeStore { _, value in script.deliver(value) }

    let reports = try await makeOutbox([store]).send()

    #expect(reports.map { SendOutcome($0.result) } == [.waits(ChangeError.otherToken.description)])
    #expect(script.delivered == [])
    #expect(try await waiting(tokenHash: "h2")?.attempts == 0)
    #expect(try await makeOutbox([store]).waiting().map(\.blocked) == [.otherToken])
  }

  @Test func aChangeMadeForAnotherOriginWaitsUnsent() async throws {
    let script = DeliveryScript([.delivered])
    let store = makeStore { _, value in script.deliver(value) }
    let elsewhere = "https://elsewhere.test"
    try await changes.record(
      namespace: Self.namespace, origin: elsewhere, tokenHash: Self.tokenHash, key: Self.key,
      payload: Data("true".utf8), at: Self.start)

    let reports = try await makeOutbox([store]).send()

    #expect(reports.map { SendOutcome($0.result) } == [.waits(ChangeError.otherOrigin(elsewhere).description)])
    #expect(script.delivered == [])
  }

  @Test func discardMatchesTheKeyAsTheSenderReadsIt() async throws {
    let store = makeStore { _, _ in .delivered }
    try await store.write(true, for: Self.key)

    let dropped = try await makeOutbox([store]).discard("OCTO/Hello")

    #expect(dropped.map(\.summary) == ["star octo/hello"])
    #expect(try await changes.count() == 0)
  }

  /// The send holds the key: a newer intent made while the older one is in flight is its to send next, after it,
  /// so the origin ends with the last intent. Another sender waits for the key, then finds nothing left.
  @Test func anIntentWrittenDuringASendIsSentAfterIt() async throws {
    let gate = Gate()
    let (started, startedContinuation) = AsyncStream.makeStream(of: Bool.self)
    let store = makeStore(StarOrigin([true])) { _, value in
      startedContinuation.yield(value)
      await gate.wait()
      return .delivered
    }
    try await store.write(true, for: Self.key)
    let first = try #require(try await waiting())
    let sending = Task { try await store.send(Self.key) }
    var deliveries = started.makeAsyncIterator()
    #expect(await deliveries.next() == true)

    clock.advance(by: 5)
    let answer = try await store.write(false, for: Self.key)
    #expect(answer.waitsForOrigin)
    let newer = try #require(try await waiting())
    #expect(newer.id > first.id)
    // A read the origin answers (with the star in flight) never replaces the waiting intent in the store's answers.
    let read = try await store.settled(Self.key, policy: .refresh)
    #expect(read.value == false && read.waitsForOrigin)
    // A sender that does not wait leaves the key to the holder.
    #expect(try await makeOutbox([store]).send(waitsForHeld: false).isEmpty)
    // One that waits resumes once the holder let go, and finds the key settled.
    let waits = PauseRecorder()
    let other = Task { try await makeOutbox([store], pauses: waits).send() }
    await waits.firstPause()
    gate.open()
    let report = try #require(try await sending.value)

    #expect(await deliveries.next() == false, "the newer intent, sent after the first")
    #expect(SendOutcome(report.result) == .sent)
    #expect(report.change.id == newer.id)
    #expect(try await other.value.map { SendOutcome($0.result) } == [.settledElsewhere])
    #expect(try await waiting() == nil)
    #expect(try await store.settled(Self.key, policy: .offline).value == false)
  }
}

extension StoreWriteTests {
  /// A newer intent written after the holder's send was delivered, while it still holds the key, is not the
  /// holder's to send any more: the sender that waited for the key sends it, and says it was sent (it never takes
  /// an intent no one tried for one another run left waiting).
  @Test func anIntentWrittenAfterTheHoldersDeliveryIsSentByTheSenderThatWaited() async throws {
    let script = DeliveryScript([.delivered, .delivered])
    let store = makeStore { _, value in script.deliver(value) }
    try await store.write(true, for: Self.key)
    // The holder: the same origin, told that the key settled while it still holds the key.
    let (settled, settledContinuation) = AsyncStream.makeStream(of: Void.self)
    let gate = Gate()
    let updater = Updater<String, Bool>(
      key: { $0.lowercased() }, describe: { key, value in "\(value ? "star" : "unstar") \(key)" },
      explain: { error, _ in ChangeReason("\(error)") }, deliver: { _, value in script.deliver(value) })
    let scope = try #require(cacher().changeScope)
    let holderSender = ChangeSender(scope: scope, updater: updater, keyText: { $0 }) { _ in
      settledContinuation.yield()
      await gate.wait()
    }
    let holder = ChangeOutbox(
      database: temporary.database, locks: ChangeLocks(besides: temporary.database), senders: [holderSender],
      clock: clock)
    let holding = Task { try await holder.send() }
    var settles = settled.makeAsyncIterator()
    await settles.next()

    clock.advance(by: 5)
    try await store.write(false, for: Self.key)
    let waits = PauseRecorder()
    let waiting = Task { try await makeOutbox([store], pauses: waits).send() }
    await waits.firstPause()
    gate.open()

    #expect(try await holding.value.map { SendOutcome($0.result) } == [.sent])
    #expect(try await waiting.value.map { SendOutcome($0.result) } == [.sent], "the newer intent, sent by the waiter")
    #expect(script.delivered == [true, false])
    #expect(try await self.waiting() == nil)
  }

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
      return answers.withLock { $0.isEmpty ? .waits(TestError("no answer scripted"), .passing) : $0.removeFirst() }
    }
  }

  /// Records the pauses an outbox asks for (while another sender holds a key) and returns from each at once.
  final class PauseRecorder: Sendable {
    private let pauses = Mutex<[Duration]>([])
    private let paused = AsyncStream.makeStream(of: Void.self)

    var recorded: [Duration] { pauses.withLock { $0 } }

    var pause: @Sendable (Duration) async -> Void {
      { duration in
        self.pauses.withLock { $0.append(duration) }
        self.paused.continuation.yield()
        await Task.yield()
      }
    }

    /// Returns once the first pause was asked for.
    func firstPause() async {
      var iterator = paused.stream.makeAsyncIterator()
      _ = await iterator.next()
    }
  }

  /// A result of a send, comparable: errors by their description.
  enum SendOutcome: Equatable {
    case sent
    case refused(String)
    case waits(String)
    case settledElsewhere

    init(_ result: ChangeReport.Result) {
      switch result {
      case .sent: self = .sent
      case .settledElsewhere: self = .settledElsewhere
      case .refused(let error): self = .refused("\(error)")
      case .waits(let error): self = .waits("\(error)")
      }
    }
  }
}
