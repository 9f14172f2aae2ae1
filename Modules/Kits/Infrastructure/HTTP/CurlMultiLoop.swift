import CurlShim
import Foundation
import Synchronization

/// Owns a libcurl multi handle and the one thread that drives it.
///
/// Callers hand commands to the thread through a lock-protected inbox and wake it with
/// `curl_multi_wakeup`; the thread adds, removes and completes transfers and resumes each caller's
/// continuation exactly once. The thread and the multi handle are created on the first request.
final class CurlMultiLoop: Sendable {
  /// What a caller waits for.
  typealias Continuation = CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>

  /// A request from a caller to the curl thread.
  enum Command: Sendable {
    /// Start a transfer.
    case start(id: UInt64, job: CurlJob, continuation: Continuation)
    /// Abort a transfer if it is still running.
    case cancel(id: UInt64)
  }

  private enum Phase {
    case idle
    case running(MultiHandle)
    case closing
    case closed
    case failed(HTTPError)
  }

  private struct Inbox {
    var phase = Phase.idle
    var commands: [Command] = []
    var lastID: UInt64 = 0
  }

  private let inbox = Mutex(Inbox())

  /// How many connections libcurl keeps open for reuse.
  static let idleConnectionLimit = 32

  /// Runs `job` on the curl thread; cancelling the calling task aborts it with ``HTTPError/cancelled``.
  func perform(_ job: CurlJob) async -> Result<HTTPResponse, HTTPError> {
    let id = inbox.withLock { inbox in
      inbox.lastID += 1
      return inbox.lastID
    }
    let ticket = Ticket(id: id)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        ticket.submit(job, continuation: continuation, to: self)
      }
    } onCancel: {
      ticket.cancel(on: self)
    }
  }

  /// Stops the thread: running transfers end with ``HTTPError/cancelled`` and the multi handle is freed.
  func shutdown() {
    inbox.withLock { inbox in
      switch inbox.phase {
      case .running(let multi):
        inbox.phase = .closing
        curlshim_multi_wakeup(multi.pointer)
      case .idle, .failed:
        inbox.phase = .closed
      case .closing, .closed:
        break
      }
    }
  }

  /// Hands `command` to the thread, starting it first if needed.
  fileprivate func enqueue(_ command: Command) {
    let refusal: HTTPError? = inbox.withLock { inbox in
      switch inbox.phase {
      case .idle:
        if let error = CurlGlobal.initialize() {
          inbox.phase = .failed(error)
          return error
        }
        guard let pointer = curlshim_multi_init() else {
          let error = HTTPError.transport(code: -1, message: "libcurl could not create a multi handle")
          inbox.phase = .failed(error)
          return error
        }
        // libcurl's default cache holds 4 idle connections per transfer currently added, so it shrinks as
        // transfers finish and closes connections that the next requests then open again. A fixed size keeps
        // every connection of a burst of parallel requests for reuse.
        _ = curlshim_multi_setopt_long(pointer, CURLMOPT_MAXCONNECTS, Self.idleConnectionLimit)
        let multi = MultiHandle(pointer: pointer)
        inbox.phase = .running(multi)
        inbox.commands.append(command)
        let thread = Thread { [self] in self.run(multi) }
        thread.name = "CurlHTTPClient"
        thread.start()
        return nil
      case .running(let multi):
        inbox.commands.append(command)
        curlshim_multi_wakeup(multi.pointer)
        return nil
      case .failed(let error):
        return error
      case .closing, .closed:
        return .cancelled
      }
    }
    if let refusal, case .start(_, _, let continuation) = command {
      continuation.resume(returning: .failure(refusal))
    }
  }

  /// The thread's body: take commands, drive transfers, sleep in `curl_multi_poll` until woken.
  private func run(_ multi: MultiHandle) {
    let worker = CurlWorker(multi: multi.pointer)
    while true {
      let (commands, closing) = inbox.withLock { inbox -> ([Command], Bool) in
        let commands = inbox.commands
        inbox.commands = []
        guard case .closing = inbox.phase else { return (commands, false) }
        // From here on nobody calls curl_multi_wakeup, so the handle may be cleaned up.
        inbox.phase = .closed
        return (commands, true)
      }
      for command in commands {
        worker.handle(command)
      }
      if closing {
        worker.close()
        return
      }
      worker.perform()
      worker.wait(milliseconds: 1000)
    }
  }
}

/// The multi handle's address, shared between the curl thread and callers.
///
/// `@unchecked Sendable` is safe because only the curl thread uses the handle, with one exception:
/// callers call `curl_multi_wakeup`, which libcurl documents as safe from any thread. They call it
/// only under the inbox lock while the phase is `.running`; the curl thread leaves `.running` under
/// that same lock before `curl_multi_cleanup`, so no wakeup can race the cleanup.
private struct MultiHandle: @unchecked Sendable {
  let pointer: UnsafeMutableRawPointer
}

/// One request's hand-off state, so that a cancellation arriving before, during or after the
/// submission is handled exactly once.
private final class Ticket: Sendable {
  private enum State {
    case fresh
    case submitted
    case cancelled
  }

  let id: UInt64
  private let state = Mutex(State.fresh)

  init(id: UInt64) {
    self.id = id
  }

  /// Submits the transfer unless the task was already cancelled.
  func submit(_ job: CurlJob, continuation: CurlMultiLoop.Continuation, to loop: CurlMultiLoop) {
    // The ticket lock is held while enqueuing, so a concurrent `cancel` is queued after the start.
    state.withLock { state in
      guard case .fresh = state else {
        continuation.resume(returning: .failure(.cancelled))
        return
      }
      state = .submitted
      loop.enqueue(.start(id: id, job: job, continuation: continuation))
    }
  }

  /// Marks the ticket cancelled and, if it was submitted, asks the thread to abort it.
  func cancel(on loop: CurlMultiLoop) {
    state.withLock { state in
      if case .submitted = state {
        loop.enqueue(.cancel(id: id))
      }
      state = .cancelled
    }
  }
}
