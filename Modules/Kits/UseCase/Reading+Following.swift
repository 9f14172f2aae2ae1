import Synchronization

extension Reading {
  /// The same read, its content marked from a store the screen follows (the user's own marks on the rows): every state
  /// with an outcome comes marked as `marks` holds the `keys` of its content now, and, after that, again each time
  /// the store holds them another way (a change made here or in another process), until the read is left. One
  /// stream, so a screen's marks and its content have one source: never a read overlaid by a follow.
  ///
  /// The keys are followed from the first state that has content; a state whose content has other keys follows
  /// those instead. The read never ends by itself once it has content: a screen leaves it (a line command reads
  /// without following).
  ///
  /// - Parameters:
  ///   - keys: The keys the store marks in `content`, in the order the screen shows them.
  ///   - marks: What the store holds of `keys`: at once, then after every change of any of them.
  ///   - marking: `content` marked as `marks` says.
  public func following<Content, Failure, Key, Marks>(
    _ keys: @escaping @Sendable (Content) -> [Key],
    in marks: @escaping @Sendable ([Key]) -> AsyncStream<Marks>,
    marking: @escaping @Sendable (inout Content, Marks) -> Void
  ) -> Reading<State>
  where
    State == ReadState<Content, Failure>, Content: Equatable & Sendable, Key: Hashable & Sendable,
    Marks: Equatable & Sendable
  {
    Reading {
      let (states, continuation) = AsyncStream.makeStream(of: State.self)
      let follower = Follower<Content, Failure, Key, Marks>(yield: { continuation.yield($0) }, marking: marking)
      let task = Task {
        for await state in self {
          let shownKeys = state.outcome.map { keys($0.content) }
          follower.show(state, keys: shownKeys)
          if let shownKeys { follower.follow(shownKeys, in: marks) }
        }
        // The read settled: its marks are followed until it is left (a read that found nothing ends).
        if follower.isFollowing { await Follower<Content, Failure, Key, Marks>.waitUntilCancelled() }
        continuation.finish()
      }
      continuation.onTermination = { _ in
        task.cancel()
        follower.cancel()
      }
      return states
    }
  }
}

/// What ``Reading/following(_:in:marking:)`` keeps: the read's latest state, the marks of the keys it follows, and
/// the task that follows them. A state and a change of marks are yielded one at a time, in order.
private final class Follower<
  Content: Equatable & Sendable, Failure: Error, Key: Hashable & Sendable, Marks: Equatable & Sendable
>: Sendable {
  private struct Shown {
    /// The read's latest state, as it came.
    var state: ReadState<Content, Failure>?
    /// Its content as it was yielded last, marked.
    var yielded: Content?
    var keys: [Key]?
    var marks: Marks?
    var task: Task<Void, Never>?
    var cancelled = false
  }

  private let shown = Mutex(Shown())
  private let yield: @Sendable (ReadState<Content, Failure>) -> Void
  private let marking: @Sendable (inout Content, Marks) -> Void

  init(
    yield: @escaping @Sendable (ReadState<Content, Failure>) -> Void,
    marking: @escaping @Sendable (inout Content, Marks) -> Void
  ) {
    self.yield = yield
    self.marking = marking
  }

  /// Yields `state`, whose content has `keys`, marked as the store holds them when they are the keys followed (other
  /// keys wait for their own marks: the read's own are shown meanwhile).
  func show(_ state: ReadState<Content, Failure>, keys: [Key]?) {
    shown.withLock { shown in
      shown.state = state
      let marked = keys != nil && keys == shown.keys ? marked(state, shown.marks) : state
      shown.yielded = marked.outcome?.content
      yield(marked)
    }
  }

  /// Whether keys are followed: the read had content.
  var isFollowing: Bool { shown.withLock { $0.task != nil } }

  /// Follows `keys` in `marks`, unless they are followed already: each change yields the latest state again,
  /// marked.
  func follow(_ keys: [Key], in marks: @escaping @Sendable ([Key]) -> AsyncStream<Marks>) {
    shown.withLock { shown in
      guard !shown.cancelled, shown.keys != keys else { return }
      shown.task?.cancel()
      shown.keys = keys
      shown.marks = nil
      shown.task = Task { [self] in
        for await value in marks(keys) {
          let stop = self.shown.withLock { shown -> Bool in
            guard shown.keys == keys else { return true }
            guard shown.marks != value else { return false }
            shown.marks = value
            // The state again, unless the marks change nothing in it (the read found them so).
            guard let state = shown.state.map({ marked($0, value) }), let content = state.outcome?.content,
              content != shown.yielded
            else { return false }
            shown.yielded = content
            yield(state)
            return false
          }
          if stop { return }
        }
      }
    }
  }

  /// Waits until the calling task is cancelled: the read is left.
  static func waitUntilCancelled() async {
    let (wait, continuation) = AsyncStream.makeStream(of: Never.self)
    await withTaskCancellationHandler {
      for await _ in wait {}
    } onCancel: {
      continuation.finish()
    }
  }

  /// Ends the follow: the read was left.
  func cancel() {
    shown.withLock { shown in
      shown.cancelled = true
      shown.task?.cancel()
      shown.task = nil
    }
  }

  private func marked(_ state: ReadState<Content, Failure>, _ marks: Marks?) -> ReadState<Content, Failure> {
    guard let marks else { return state }
    switch state {
    case .loading(var outcome?):
      marking(&outcome.content, marks)
      return .loading(outcome)
    case .done(var outcome):
      marking(&outcome.content, marks)
      return .done(outcome)
    case .loading(nil), .failed:
      return state
    }
  }
}
