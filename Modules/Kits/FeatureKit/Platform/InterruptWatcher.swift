import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Ends the process on Ctrl-C while a spinner may draw, so that no frame is drawn after its line is erased.
///
/// A signal handler may call only async-signal-safe functions and cannot take the lock a spinner draws under, so
/// it cannot stop a frame that another thread writes between its erase and the process's end. Once a spinner has
/// started, the SIGINT handler only writes a byte to this watcher's pipe; the watcher's thread then takes the
/// spinner's drawing lock (a frame being written finishes first), erases the line and ends the process with
/// 128 + SIGINT while it holds the lock.
enum InterruptWatcher {
  /// The write end of the pipe the SIGINT handler writes to; -1 while no watcher runs.
  static let pipeWriteEnd = Atomic<Int32>(-1)
  private static let started = Atomic<Bool>(false)

  /// Starts the watcher the first time; later calls do nothing.
  static func start() {
    guard started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
      return
    }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    let readEnd = ends[0]
    Thread.detachNewThread {
      var byte: UInt8 = 0
      var count: Int
      repeat { count = read(readEnd, &byte, 1) } while count < 0 && errno == EINTR
      guard count == 1 else {
        // The pipe failed: the handler ends the process itself again.
        pipeWriteEnd.store(-1, ordering: .releasing)
        return
      }
      Spinner.drawing.withLock { _ in
        eraseStandardErrorLine()
        _exit(128 + SIGINT)
      }
    }
    pipeWriteEnd.store(ends[1], ordering: .releasing)
  }
}

/// The SIGINT handler: once a spinner has started, hands the interrupt to ``InterruptWatcher``, which ends the
/// process when no frame is being drawn; otherwise erases the current line of standard error when it is a terminal
/// and ends the process with 128 + SIGINT. Only async-signal-safe calls.
func interrupted(_ signal: Int32) {
  let watcher = InterruptWatcher.pipeWriteEnd.load(ordering: .acquiring)
  if watcher >= 0 {
    var byte: UInt8 = 1
    if write(watcher, &byte, 1) == 1 { return }
  }
  eraseStandardErrorLine()
  _exit(128 + signal)
}

/// Erases the current line of standard error when it is a terminal, where a spinner may be drawing (every other
/// diagnostic ends its line). Async-signal-safe.
func eraseStandardErrorLine() {
  guard isatty(2) == 1 else { return }
  // A static string: no allocation, so a signal handler may call this too.
  let erase: StaticString = "\r\u{1B}[2K"
  _ = write(2, erase.utf8Start, erase.utf8CodeUnitCount)
}
