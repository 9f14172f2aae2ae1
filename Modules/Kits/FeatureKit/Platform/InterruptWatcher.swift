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
        InterruptNote.writeOut()
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
  InterruptNote.writeOut()
  _exit(128 + signal)
}

/// The line Ctrl-C writes on standard error before the process ends: what an interrupted command leaves behind
/// (`Interrupted: 1 change not settled is kept and waits; app sync sends it.`), set by the command while it runs.
public enum InterruptNote {
  /// The address of the note's bytes (UTF-8, a line break, then a NUL), or 0 for none. A note once set is never
  /// freed: the SIGINT handler may be reading it.
  private static let address = Atomic<UInt>(0)

  /// Makes `text` what Ctrl-C says from now on; `nil` says nothing.
  public static func set(_ text: String?) {
    guard let text else {
      address.store(0, ordering: .releasing)
      return
    }
    let bytes = Array((text + "\n").utf8) + [0]
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
    buffer.initialize(from: bytes, count: bytes.count)
    address.store(UInt(bitPattern: buffer), ordering: .releasing)
  }

  /// Writes the note, if one is set, on standard error. Async-signal-safe: a load, `strlen` and `write`.
  static func writeOut() {
    guard let note = UnsafePointer<CChar>(bitPattern: address.load(ordering: .acquiring)) else { return }
    _ = write(2, note, strlen(note))
  }
}

/// Erases the current line of standard error when it is a terminal, where a spinner may be drawing (every other
/// diagnostic ends its line). Async-signal-safe.
func eraseStandardErrorLine() {
  guard isatty(2) == 1 else { return }
  // A static string: no allocation, so a signal handler may call this too.
  let erase: StaticString = "\r\u{1B}[2K"
  _ = write(2, erase.utf8Start, erase.utf8CodeUnitCount)
}
