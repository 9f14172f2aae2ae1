/// What waiting for a piece of work for at most a deadline came to.
///
/// A screen's own content never waits for what may not answer (another feature's lookup, a second request to the
/// origin): it waits for that part at most a deadline, then shows itself without it and says why.
public enum Deadline<Value: Sendable>: Sendable {
  /// The work answered in time.
  case answered(Value)
  /// The deadline came first; the work was cancelled and not waited for.
  case timedOut(Duration)
  /// The caller was cancelled first; the work was cancelled and not waited for.
  case cancelled

  /// Runs `work` and waits for it at most `deadline`. Work still running then is cancelled and not waited for, so
  /// work that is slow to notice its cancellation cannot hold the caller up either; the same when the caller is
  /// cancelled.
  public static func wait(
    atMost deadline: Duration, for work: @escaping @Sendable () async -> Value
  ) async -> Deadline<Value> {
    let running = Task<Value, Never> { await work() }
    let answer = FirstAnswer<Deadline<Value>>()
    let timer = Task {
      // Cancelled when the work answers first.
      guard (try? await Task.sleep(for: deadline)) != nil else { return }
      // The answer first: work that ends as soon as it is cancelled must not answer in its place.
      answer.give(.timedOut(deadline))
      running.cancel()
    }
    return await withTaskCancellationHandler {
      await answer.wait {
        Task {
          answer.give(.answered(await running.value))
          timer.cancel()
        }
      }
    } onCancel: {
      running.cancel()
      timer.cancel()
      answer.give(.cancelled)
    }
  }
}
