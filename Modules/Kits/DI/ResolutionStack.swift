import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The registrations being built on the current thread, outermost first: who is asking, and on whose behalf.
///
/// Factories are synchronous, so while one runs, the resolves it makes happen on its thread, inside it. Keeping
/// the chain here, per thread, instead of in each ``Resolver`` lets every factory of one resolution receive the
/// same resolver: a nested resolve then neither copies a path nor counts a reference to the container, which
/// would make concurrent resolves contend on one cache line. A cycle is still caught on its first re-entry,
/// with its full path.
///
/// Each thread has its own stack, reached through ``current``; it is only ever touched by that thread.
@usableFromInline
struct ResolutionStack {
  /// One registration being built. Plain addresses: a step lasts only while its factory runs, inside a resolve
  /// of the container that owns the registration, and `build` holds the sink for that long.
  @usableFromInline
  struct Step {
    @usableFromInline let registration: Unmanaged<AnyRegistration>
    /// Collects the keys the step's factory resolves, when they are wanted (singletons, validation).
    @usableFromInline let sink: Unmanaged<EdgeSink>?

    @usableFromInline
    init(registration: Unmanaged<AnyRegistration>, sink: Unmanaged<EdgeSink>?) {
      self.registration = registration
      self.sink = sink
    }
  }

  /// The steps, outermost first: `steps[0..<count]`.
  @usableFromInline var steps: UnsafeMutablePointer<Step>
  @usableFromInline var capacity: Int
  @usableFromInline var count = 0
  /// How many of the steps collect their factory's dependencies (have a sink): while none do, a resolve records
  /// nothing and need not look at the innermost step.
  @usableFromInline var collecting = 0
  /// Gathers every factory's edges while a validation runs on this thread; the validation holds it meanwhile.
  /// Unretained, like everything here, so that the stack is plain data that costs nothing to copy.
  @usableFromInline var recorder: Unmanaged<ValidationRecorder>? {
    didSet { updatePlainLimit() }
  }
  /// How many steps a plain resolve may find and still push its own: ``capacity`` while nothing collects and no
  /// validation runs on this thread, `0` otherwise. One comparison with ``count`` then tells
  /// ``pushIfPlain(_:)`` everything it needs to know of the stack's state.
  @usableFromInline var plainLimit: Int

  private init() {
    capacity = 16
    plainLimit = capacity
    steps = .allocate(capacity: capacity)
  }

  /// Makes ``plainLimit`` say again what it stands for, after one of the things it sums up changed.
  private mutating func updatePlainLimit() {
    plainLimit = collecting == 0 && recorder == nil ? capacity : 0
  }

  /// This thread's stack.
  static var current: UnsafeMutablePointer<ResolutionStack> {
    current(threadKey)
  }

  /// The key every thread's stack is stored under.
  static var threadKey: pthread_key_t {
    stackKey.key
  }

  /// This thread's stack, stored under `key` (``threadKey``, read once by the caller).
  @inlinable @inline(__always)
  static func current(_ key: pthread_key_t) -> UnsafeMutablePointer<ResolutionStack> {
    if let stack = pthread_getspecific(key) {
      return stack.assumingMemoryBound(to: ResolutionStack.self)
    }
    return makeCurrent(key)
  }

  /// Makes this thread's stack, on its first resolve.
  @usableFromInline
  @inline(never)
  static func makeCurrent(_ key: pthread_key_t) -> UnsafeMutablePointer<ResolutionStack> {
    let stack = UnsafeMutablePointer<ResolutionStack>.allocate(capacity: 1)
    stack.initialize(to: ResolutionStack())
    pthread_setspecific(key, stack)
    return stack
  }

  /// Makes `registration` the innermost step while its factory runs; `sink` must outlive the step.
  @inline(__always)
  mutating func push(_ registration: Unmanaged<AnyRegistration>, sink: EdgeSink?) {
    if count == capacity {
      grow()
    }
    (steps + count).initialize(to: Step(registration: registration, sink: sink.map(Unmanaged.passUnretained)))
    count += 1
    if sink != nil {
      collecting += 1
      plainLimit = 0
      ResolutionActivity.shared.begin()
    }
  }

  /// Makes `registration`, a transient one, the innermost step, if that is all its resolve has to do: nothing is
  /// collecting dependencies or validating on this thread, the registration is not being built already, and the
  /// steps have room. Otherwise leaves the stack as it is, for ``Container/enter(_:stack:)``, and returns `false`.
  ///
  /// Inlined where a resolve is written, so that the common resolve of a transient costs no call into this module;
  /// ``plainLimit`` answers the first and the last of those questions in one comparison. The arithmetic wraps
  /// because it cannot overflow (`count` is below `capacity`), and each overflow check would be a branch on every
  /// resolve.
  @inlinable @inline(__always)
  mutating func pushIfPlain(_ registration: Unmanaged<AnyRegistration>) -> Bool {
    guard count < plainLimit else {
      return false
    }
    var index = 0
    while index < count {
      if steps[index].registration.toOpaque() == registration.toOpaque() {
        return false
      }
      index &+= 1
    }
    (steps + count).initialize(to: Step(registration: registration, sink: nil))
    count &+= 1
    return true
  }

  /// Doubles the room for steps.
  @inline(never)
  private mutating func grow() {
    let larger = UnsafeMutablePointer<Step>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: steps, count: count)
    steps.deallocate()
    steps = larger
    capacity *= 2
    updatePlainLimit()
  }

  /// Ends the innermost step.
  mutating func pop() {
    count -= 1
    if steps[count].sink != nil {
      collecting -= 1
      updatePlainLimit()
      ResolutionActivity.shared.end()
    }
  }

  /// Ends the innermost step, which has no sink (it was pushed by ``Container/enter(_:stack:)`` or ``pushIfPlain(_:)``).
  ///
  /// Wrapping arithmetic: the step it ends is there, so `count` is positive, and the overflow check would be one
  /// more branch on every resolve.
  @inlinable
  mutating func popPlain() {
    count &-= 1
  }

  /// Adds the key of `registration` to the dependencies of the innermost step, if they are being collected.
  @inline(__always)
  func recordDependency(_ registration: Unmanaged<AnyRegistration>) {
    if collecting > 0 {
      registration._withUnsafeGuaranteedRef { recordDependency($0.key) }
    }
  }

  /// Adds `key` to the dependencies of the innermost step, if they are being collected.
  func recordDependency(_ key: ServiceKey) {
    guard collecting > 0, count > 0, let sink = steps[count - 1].sink else { return }
    sink._withUnsafeGuaranteedRef { $0.append(key) }
  }

  /// Marks `key`, a dependency of the innermost step, as one its factory does without when it is absent.
  func recordOptional(_ key: ServiceKey) {
    guard collecting > 0, count > 0, let sink = steps[count - 1].sink else { return }
    sink._withUnsafeGuaranteedRef { $0.markOptional(key) }
  }

  /// Where the step that `registration` re-enters is, or `nil` if `registration` is not being built.
  ///
  /// A plain identity scan with no allocation: the common answer, `nil`, is on every resolve's path. The error is
  /// built by ``cycle(from:reentering:)`` only once a cycle is found.
  @inline(__always)
  func cycleStart(reentering registration: Unmanaged<AnyRegistration>) -> Int? {
    var index = 0
    while index < count {
      if steps[index].registration.toOpaque() == registration.toOpaque() {
        return index
      }
      index += 1
    }
    return nil
  }

  /// The cycle that re-entering `registration`, built since step `start`, closes.
  ///
  /// The path runs from the earlier resolve of `registration` to the innermost one and back (`A -> B -> C -> A`),
  /// with where each of them was registered; the last location is that of the step that closes the cycle.
  func cycle(from start: Int, reentering registration: AnyRegistration) -> ResolutionError {
    let members = (start..<count).map { steps[$0].registration.takeUnretainedValue() }
    return .cycle(members.map(\.key) + [registration.key], locations: members.map(\.location))
  }

  /// Where the innermost step was registered: the registration whose factory is resolving now, if any.
  var innermostLocation: SourceLocation? {
    count > 0 ? steps[count - 1].registration.takeUnretainedValue().location : nil
  }

  /// The keys from the outermost step to the innermost.
  var keys: [ServiceKey] {
    (0..<count).map { steps[$0].registration.takeUnretainedValue().key }
  }

  /// Frees the steps' memory; the stack is not used afterwards.
  fileprivate func free() {
    steps.deallocate()
  }
}

/// How many steps, on every thread, collect their factory's dependencies, and how many validations run.
///
/// While there are none, a resolve of a built singleton has nothing to record and cannot close a cycle (a singleton
/// is published once its step has ended), so it needs no resolution stack. A thread sees its own changes, which
/// are the ones that matter to it; another thread's may make it take the longer way, which is still right.
@usableFromInline
final class ResolutionActivity: Sendable {
  /// The one count, for every container and thread.
  static let shared = ResolutionActivity()

  @usableFromInline let count = Atomic<Int>(0)

  /// Whether anything is being collected or validated.
  @inlinable
  var isIdle: Bool {
    count.load(ordering: .relaxed) == 0
  }

  /// A step with a sink, or a validation, starts on this thread.
  func begin() {
    count.wrappingAdd(1, ordering: .relaxed)
  }

  /// What ``begin()`` counted ends.
  func end() {
    count.wrappingSubtract(1, ordering: .relaxed)
  }
}

/// The key of the per-thread ``ResolutionStack``; a thread's stack is freed when the thread ends.
private let stackKey = ThreadKey()

/// Owns the `pthread_key_t`, which is created once and never deleted.
private final class ThreadKey: Sendable {
  let key: pthread_key_t

  init() {
    var key = pthread_key_t()
    pthread_key_create(&key, freeResolutionStack)
    self.key = key
  }
}

#if canImport(Glibc)
  private func freeResolutionStack(_ pointer: UnsafeMutableRawPointer?) {
    guard let stack = pointer?.assumingMemoryBound(to: ResolutionStack.self) else { return }
    stack.pointee.free()
    stack.deinitialize(count: 1)
    stack.deallocate()
  }
#else
  private func freeResolutionStack(_ pointer: UnsafeMutableRawPointer) {
    let stack = pointer.assumingMemoryBound(to: ResolutionStack.self)
    stack.pointee.free()
    stack.deinitialize(count: 1)
    stack.deallocate()
  }
#endif
