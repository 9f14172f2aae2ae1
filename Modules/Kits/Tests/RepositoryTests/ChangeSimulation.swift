import Foundation
import Infrastructure
import InfrastructureTesting
import Synchronization

@testable import Repository

/// A deterministic simulation of the write side: simulated processes, each with its own ``Database`` on one real
/// SQLite file and its own ``ChangeLocks`` descriptors, whose tasks ("fibers") run one at a time and are interleaved
/// at every transaction of the outbox, every wait for a key, every intent written, and every request to and answer
/// from a model origin. A seed fixes every choice: which fiber runs next, what the origin answers, and when a
/// process is killed (kill -9: its fibers stop at their next step, and the kernel's locks it held are let go of).
///
/// The schedule, per seed:
/// - process 1: a user who writes intents (sending some at once, as `app search star` does) and a background sender
///   (`app ui`'s), which sends what waits in passes and leaves a key another sender holds to it;
/// - process 2: a user who writes intents, and an `app sync` that sends what waits and waits for held keys.
///
/// Afterwards a third process, with the origin answering (apart from the key it always refuses) and every pause it
/// asked for over, runs one `app sync`; then ``check()`` says what went wrong, if anything.
final class ChangeSimulation: Sendable {
  /// The keys intents are made for; the origin refuses every change of the last one for good.
  static let keys = ["a/one", "b/two", "gone/repo"]
  static let refusedKey = "gone/repo"
  static let namespace = "sim.stars"
  static let origin = "https://origin.sim"

  /// Thrown at a step of a fiber whose process was killed: it ends there.
  struct Killed: Error {}

  /// What the origin said no to: the change could not be sent now.
  struct OriginFailure: Error, CustomStringConvertible {
    let description: String
  }

  /// One report a fiber got, by intent.
  struct Said: Sendable, Equatable {
    let fiber: Int
    let key: String
    let intent: Int
  }

  /// Which fiber runs the current task, so the origin and the outbox's checkpoint know whose step it is.
  @TaskLocal static var fiber: Int?

  let seed: UInt64
  let directory: URL
  let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))
  let scheduler: Scheduler
  let model = Mutex(Model())

  /// What the model origin holds and did, and what the users wrote and were told.
  struct Model: Sendable {
    /// The intent each key holds at the origin (0: none taken yet).
    var held: [String: Int] = [:]
    /// Every intent the origin applied, in order, per key.
    var applied: [String: [Int]] = [:]
    /// The last intent written per key.
    var lastIntent: [String: Int] = [:]
    /// The intents the origin refused, and to which fiber.
    var refusals: [Said] = []
    /// The refusals reported, by the fiber that reported them.
    var reportedRefusals: [Said] = []
    /// The next intent's number.
    var nextIntent = 1
    /// Steps taken, for the failure's story.
    var story: [String] = []
    /// Where a follower did not show what its store answers.
    var followerProblems: [String] = []
  }

  init(seed: UInt64) {
    self.seed = seed
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("change-simulation-\(seed)-\(UUID().uuidString)", isDirectory: true)
    scheduler = Scheduler(seed: seed)
  }

  /// Removes the processes' files: the database, its markers and the change locks.
  func removeFiles() {
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: - One process

  /// One simulated process: its own connection to the file, its own lock descriptors, its own store, and a
  /// follower of every key, as an open screen of `app ui` is.
  struct Process: Sendable {
    let id: Int
    let database: Database
    let locks: ChangeLocks
    let store: Store<String, Int>
    let watch: Watch
  }

  /// What a process's follower of every key was told last, and the file's data version it last looked at.
  final class Watch: Sendable {
    let latest = Mutex<[String: Int]?>(nil)
    let version = Mutex<Int?>(nil)
    let leave = Mutex<(@Sendable () -> Void)?>(nil)
    let first: AsyncStream<Void>
    private let told: AsyncStream<Void>.Continuation

    init() {
      (first, told) = AsyncStream.makeStream(of: Void.self)
    }

    func tell(_ snapshot: [String: StoreResponse<Int>]) {
      latest.withLock { $0 = snapshot.mapValues(\.value) }
      told.yield()
    }
  }

  func process(_ id: Int) -> Process {
    let database = Database(directory: directory, diagnostics: { _ in })
    let locks = ChangeLocks(besides: database)
    let store = Store(
      cacher: SQLiteCacher<String, Int>(
        database: database, namespace: Self.namespace, origin: Self.origin, keepsChanges: true),
      fetcher: ClosureFetcher<String, Int> { _, _ in throw OriginFailure(description: "reads are not simulated") },
      updater: Updater(
        key: { $0 }, describe: { key, intent in "set \(key) to \(intent)" },
        explain: { error, _ in ChangeReason("\(error)") }
      ) { key, intent in await self.deliver(key, intent) },
      outbox: outbox(database, locks), freshness: .ttl(.seconds(60)), clock: clock)
    let watch = Watch()
    let leave = store.follow(keys: Self.keys) { watch.tell($0) }
    watch.leave.withLock { $0 = leave }
    let process = Process(id: id, database: database, locks: locks, store: store, watch: watch)
    made.withLock { $0.append(process) }
    return process
  }

  /// After a step, with every fiber parked: each process still alive looks at the file's data version as `app ui`
  /// does, reloads its followers when another connection committed, and its follower must then show what its store
  /// answers for every key (the waiting intent laid over the origin's value).
  func checkFollowers(_ processes: [Process], killed: Set<Int>, step: Int) async {
    let alive = processes.filter { !killed.contains($0.id) }
    // Every process's store answers what the one file holds: read once, by the first process alive.
    guard let reader = alive.first, let answers = try? await reader.store.cacher.load(Self.keys) else { return }
    var expected: [String: Int] = [:]
    for (key, answer) in zip(Self.keys, answers) { expected[key] = answer?.value }
    for process in alive {
      guard let version = try? await process.database.dataVersion() else { continue }
      let moved = process.watch.version.withLock { last in
        defer { last = version }
        return last != version
      }
      if moved { await process.store.reloadObserved() }
      let shown = process.watch.latest.withLock { $0 } ?? [:]
      if shown != expected {
        model.withLock {
          $0.followerProblems.append(
            "after step \(step), process \(process.id)'s follower shows \(shown.sorted { $0.key < $1.key }), "
              + "its store answers \(expected.sorted { $0.key < $1.key })")
        }
      }
    }
  }

  func outbox(_ database: Database, _ locks: ChangeLocks, senders: [ChangeSender] = []) -> ChangeOutbox {
    ChangeOutbox(
      database: database, locks: locks, senders: senders, clock: clock, pause: { _ in },
      checkpoint: { step in try await self.step("\(step)") })
  }

  /// A step of the current fiber: the scheduler may run others before it goes on. Outside a schedule (the final
  /// sync), it goes on at once.
  func step(_ what: String) async throws {
    guard let fiber = Self.fiber else { return }
    try await scheduler.step(fiber, what)
  }

  // MARK: - The model origin

  /// The origin's side of one request: it may answer, fail, stall, rate-limit or refuse, and applies a change only
  /// when it answers to a sender that is still alive.
  func deliver(_ key: String, _ intent: Int) async -> ChangeDelivery {
    do {
      try await step("request \(key)=\(intent)")
    } catch {
      return .waits(Killed(), .passing)
    }
    let fiber = Self.fiber
    if key == Self.refusedKey {
      model.withLock { $0.refusals.append(Said(fiber: fiber ?? 0, key: key, intent: intent)) }
      return .refused(OriginFailure(description: "not found"))
    }
    let choice = fiber == nil ? 0 : await scheduler.random(in: 0..<10)
    switch choice {
    case 0...4:
      do {
        try await step("answer \(key)=\(intent)")
      } catch {
        // The sender died before the answer: the origin drops the request.
        return .waits(Killed(), .passing)
      }
      model.withLock { model in
        model.held[key] = intent
        model.applied[key, default: []].append(intent)
      }
      return .delivered
    case 5, 6: return .waits(OriginFailure(description: "HTTP 503"), .passing)
    case 7: return .waits(OriginFailure(description: "timed out"), .originAway)
    case 8: return .waits(OriginFailure(description: "rate limited"), .until(clock.now() + 60))
    default:
      // A stall: the sender gives up at its timeout, and the origin never applies the request.
      do { try await step("stall \(key)=\(intent)") } catch { return .waits(Killed(), .passing) }
      return .waits(OriginFailure(description: "timed out"), .originAway)
    }
  }

  // MARK: - The fibers

  /// A user making `count` intents on `process`, sending some at once.
  func user(_ process: Process, count: Int) async throws {
    for _ in 0..<count {
      let key = Self.keys[await scheduler.random(in: 0..<Self.keys.count)]
      let sendsNow = await scheduler.random(in: 0..<2) == 0
      try await step("write \(key)")
      let intent = model.withLock { model in
        defer { model.nextIntent += 1 }
        return model.nextIntent
      }
      try await process.store.write(intent, for: key)
      model.withLock { $0.lastIntent[key] = intent }
      guard sendsNow else { continue }
      if let report = try await process.store.send(key) { note(report, by: Self.fiber ?? 0) }
    }
  }

  /// `app ui`'s background sender: `passes` passes, each leaving a held key to its holder.
  func background(_ process: Process, passes: Int) async throws {
    let outbox = outbox(process.database, process.locks, senders: [process.store.sender].compactMap { $0 })
    for _ in 0..<passes {
      try await step("pass")
      for report in try await outbox.send(in: ChangeRun(), waitsForHeld: false) { note(report, by: Self.fiber ?? 0) }
    }
  }

  /// `app sync`: one run, waiting for held keys.
  func sync(_ process: Process) async throws {
    let outbox = outbox(process.database, process.locks, senders: [process.store.sender].compactMap { $0 })
    try await step("sync")
    for report in try await outbox.send() { note(report, by: Self.fiber ?? 0) }
  }

  func note(_ report: ChangeReport, by fiber: Int) {
    guard case .refused = report.result else { return }
    let intent = (try? JSONDecoder().decode(Int.self, from: report.change.payload)) ?? -1
    model.withLock { $0.reportedRefusals.append(Said(fiber: fiber, key: report.change.key, intent: intent)) }
  }

  // MARK: - Running and checking

  /// Runs the schedule, then the final sync; afterwards every process has let go of its followers, locks and
  /// connections.
  func run() async throws {
    do {
      try await schedule()
    } catch {
      await finish()
      throw error
    }
    await finish()
  }

  /// Leaves every process's follower and locks, and forgets the scheduler's check, which holds the processes.
  private func finish() async {
    await scheduler.forget()
    for process in made.withLock({ $0 }) {
      process.watch.leave.withLock { $0 }?()
      process.locks.releaseAll()
    }
    made.withLock { $0 = [] }
  }

  /// The processes made so far.
  private let made = Mutex<[Process]>([])

  private func schedule() async throws {
    let first = process(1)
    let second = process(2)
    // Each follower has had its first read before anything happens.
    for watch in [first.watch, second.watch] {
      var told = watch.first.makeAsyncIterator()
      _ = await told.next()
    }
    // Fibers 1 and 2 are process 1's, 3 and 4 process 2's.
    await scheduler.assign(fibers: [1: 1, 2: 1, 3: 2, 4: 2], locks: [1: first.locks, 2: second.locks])
    await scheduler.afterEachStep { step, killed in
      await self.checkFollowers([first, second], killed: killed, step: step)
    }
    await withTaskGroup(of: Void.self) { group in
      let fibers: [(Int, @Sendable () async throws -> Void)] = [
        (1, { try await self.user(first, count: 4) }),
        (2, { try await self.background(first, passes: 3) }),
        (3, { try await self.user(second, count: 4) }),
        (4, { try await self.sync(second) }),
      ]
      for (id, body) in fibers {
        group.addTask {
          await Self.$fiber.withValue(id) {
            do {
              try await self.scheduler.step(id, "start")
              try await body()
            } catch {
              // Killed, or a failure the checks below see as a change left behind.
            }
            await self.scheduler.finished(id)
          }
        }
      }
      await scheduler.run(fibers: 4)
    }
    // The final `app sync` of a third process, every pause over.
    clock.advance(by: 3600)
    let last = process(3)
    let outbox = outbox(last.database, last.locks, senders: [last.store.sender].compactMap { $0 })
    for report in try await outbox.send() { note(report, by: 0) }
    model.withLock { $0.story = scheduler.storySnapshot() }
    waitingAfter = try await ChangeTable(database: last.database).count()
  }

  private let waitingCount = Mutex(-1)
  private var waitingAfter: Int {
    get { waitingCount.withLock { $0 } }
    set { waitingCount.withLock { $0 = newValue } }
  }

  /// What broke the rules, if anything.
  func check() -> [String] {
    let model = model.withLock { $0 }
    let killed = scheduler.killedFibersSnapshot()
    var problems: [String] = []
    if waitingAfter != 0 { problems.append("\(waitingAfter) changes still wait after the final sync") }
    problems += model.followerProblems.prefix(3)
    for (key, intent) in model.lastIntent.sorted(by: { $0.key < $1.key }) where key != Self.refusedKey {
      if model.held[key] != intent {
        problems.append("the origin holds \(model.held[key] ?? 0) for \(key), the last intent is \(intent)")
      }
    }
    for (key, applied) in model.applied.sorted(by: { $0.key < $1.key }) where applied != applied.sorted() {
      problems.append("an older intent reached the origin after a newer one for \(key): \(applied)")
    }
    if model.applied[Self.refusedKey] != nil { problems.append("the origin took a change of the refused key") }
    for said in model.reportedRefusals {
      if !model.refusals.contains(where: { $0.key == said.key && $0.intent == said.intent }) {
        problems.append("a refusal of \(said.key)=\(said.intent) was reported, but the origin never refused it")
      }
    }
    var seen: Set<String> = []
    for said in model.reportedRefusals where !seen.insert("\(said.key)=\(said.intent)").inserted {
      problems.append("the refusal of \(said.key)=\(said.intent) was reported twice")
    }
    if let last = model.lastIntent[Self.refusedKey] {
      let reported = model.reportedRefusals.contains { $0.key == Self.refusedKey && $0.intent == last }
      let metByKilled = model.refusals.contains { $0.intent == last && killed.contains($0.fiber) }
      if !reported && !metByKilled {
        problems.append("the refusal of the last intent \(Self.refusedKey)=\(last) was never reported")
      }
    }
    return problems
  }

  /// The steps taken, for a failing seed's message.
  var story: [String] { model.withLock { $0.story } }
}

// MARK: - The scheduler

extension ChangeSimulation {
  /// Runs one fiber at a time: each waits at its steps until it is picked; a seeded generator picks, and now and
  /// then kills a process instead.
  actor Scheduler {
    private var random: SplitMix
    private var parked: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var done: Set<Int> = []
    private var processOf: [Int: Int] = [:]
    private var locksOf: [Int: ChangeLocks] = [:]
    private var killedProcesses: Set<Int> = []
    private var settled: CheckedContinuation<Void, Never>?
    private var expected = 0
    private var check: (@Sendable (Int, Set<Int>) async -> Void)?
    private var steps = 0
    private let log = Mutex<[String]>([])
    private let killed = Mutex<Set<Int>>([])

    init(seed: UInt64) {
      random = SplitMix(seed: seed)
    }

    func assign(fibers: [Int: Int], locks: [Int: ChangeLocks]) {
      processOf = fibers
      locksOf = locks
    }

    /// Runs `check` (given the step's number and the processes killed) whenever every fiber is parked.
    func afterEachStep(_ check: @escaping @Sendable (Int, Set<Int>) async -> Void) {
      self.check = check
    }

    /// Lets go of the check and the processes' locks once the schedule has run, so that nothing it kept holds the
    /// simulation (and its databases' descriptors) alive.
    func forget() {
      check = nil
      for locks in locksOf.values { locks.releaseAll() }
      locksOf = [:]
    }

    func random(in range: Range<Int>) -> Int {
      Int(random.next() % UInt64(range.count)) + range.lowerBound
    }

    /// Parks fiber `id` until it is picked; throws ``Killed`` once its process is dead.
    func step(_ id: Int, _ what: String) async throws {
      if let process = processOf[id], killedProcesses.contains(process) { throw Killed() }
      log.withLock { $0.append("\(id): \(what)") }
      try await withCheckedThrowingContinuation { continuation in
        parked[id] = continuation
        arrived()
      }
    }

    /// Fiber `id` ended.
    func finished(_ id: Int) {
      done.insert(id)
      arrived()
    }

    private func arrived() {
      guard parked.count + done.count >= expected, let settled else { return }
      self.settled = nil
      settled.resume()
    }

    /// Waits until every fiber that is not done is parked.
    private func quiet(total: Int) async {
      expected = total
      guard parked.count + done.count < total else { return }
      await withCheckedContinuation { settled = $0 }
    }

    /// Runs the `fibers` fibers to their end.
    func run(fibers total: Int) async {
      await quiet(total: total)
      while !parked.isEmpty {
        steps += 1
        await check?(steps, killedProcesses)
        let ids = parked.keys.sorted()
        // One pick in 40 kills a process that is alive, at whatever step its fibers are.
        let alive = Set(processOf.values).subtracting(killedProcesses).sorted()
        if random(in: 0..<40) == 0,
          let victim = alive.first(
            where: { process in ids.contains { processOf[$0] == process } })
        {
          killedProcesses.insert(victim)
          let fibers = ids.filter { processOf[$0] == victim }
          killed.withLock { $0.formUnion(fibers) }
          log.withLock { $0.append("kill -9 process \(victim)") }
          // The kernel lets go of every lock the process held.
          locksOf[victim]?.releaseAll()
          for id in fibers { parked.removeValue(forKey: id)?.resume(throwing: Killed()) }
          await quiet(total: total)
          continue
        }
        let id = ids[random(in: 0..<ids.count)]
        parked.removeValue(forKey: id)?.resume()
        await quiet(total: total)
      }
    }

    nonisolated func storySnapshot() -> [String] { log.withLock { $0 } }
    nonisolated func killedFibersSnapshot() -> Set<Int> { killed.withLock { $0 } }
  }

  /// A small seeded generator (SplitMix64): the same seed, the same schedule.
  struct SplitMix: Sendable {
    private var state: UInt64

    init(seed: UInt64) {
      state = seed
    }

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}
