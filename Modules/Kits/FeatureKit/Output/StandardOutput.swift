import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What became of the process's writes to standard output; read once the command is done, so that a script on a
/// full disk learns its output is lost instead of seeing success.
public enum StandardOutput {
  /// How writing went.
  public enum Health: Sendable, Equatable {
    /// Every write went through.
    case fine
    /// The reader closed the pipe (EPIPE): like `| head -1`, the app stops writing and ends quietly.
    case readerGone
    /// A write failed for `reason` (a full device, an I/O error); later writes are not tried.
    case failed(reason: String)
  }

  private static let state = Mutex(Health.fine)

  /// How writing has gone so far.
  public static var health: Health { state.withLock { $0 } }

  /// Whether writing is still worth trying.
  static var isWritable: Bool { health == .fine }

  /// Notes that a write failed with `code` (an `errno`); the first failure is the one reported.
  static func writeFailed(errno code: Int32) {
    state.withLock { health in
      guard health == .fine else { return }
      health = code == EPIPE ? .readerGone : .failed(reason: String(cString: strerror(code)))
    }
  }

  /// Notes that the output could not be made, for `reason`: the command's result is lost as surely as on a full
  /// disk, so the process ends with a failure and says why. The first failure is the one reported.
  static func resultUnwritable(reason: String) {
    state.withLock { health in
      if health == .fine { health = .failed(reason: reason) }
    }
  }

  /// Why standard output cannot be used at all, checked before anything is opened: a closed descriptor 1 would
  /// be taken by the next file the app opens (the database), and output would be written into it.
  static func unusableAtStart() -> String? {
    fcntl(1, F_GETFD) == -1 && errno == EBADF ? "standard output is closed" : nil
  }

  /// The exit status and the message (if any) for a command that ended with `status`, given how writing went.
  static func outcome(of status: Int32) -> (status: Int32, message: String?) {
    switch health {
    case .fine, .readerGone: (status, nil)
    case .failed(let reason): (status == 0 ? 1 : status, "error: could not write the output: \(reason)")
    }
  }
}
