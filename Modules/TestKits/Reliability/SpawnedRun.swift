import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A program started with `posix_spawn` for ``AppRunner/run(_:environment:executable:timeLimit:)``: standard input
/// from `/dev/null`, standard output and error into files, in a process group of its own, and no other descriptor
/// of this process's (Foundation's `Process` on Linux does the same).
final class SpawnedRun: Sendable {
  private let pid: pid_t
  /// Whether the program has ended (it is not reaped yet, so its pid cannot have been reused), and whether the
  /// time limit killed it.
  private let state = Mutex((ended: false, killed: false))

  private init(pid: pid_t) {
    self.pid = pid
  }

  /// Starts `executable` with `arguments` and exactly `environment`.
  static func start(
    _ executable: String, arguments: [String], environment: [String: String], standardOutput: String,
    standardError: String
  ) throws -> SpawnedRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard let closeFrom = ChildProcess.closeFromAction else { throw SpawnError.unsupported }
    _ = closeFrom(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else { throw SpawnError.failed(executable: executable, errno: result) }
    return SpawnedRun(pid: pid)
  }

  /// Waits, on a thread of its own rather than one of the cooperative pool, until the program ends; kills it
  /// (SIGKILL) if it is still running after `timeLimit`. Answers the raw `waitpid` status and whether the time
  /// limit killed it.
  func wait(timeLimit: Duration) async -> (status: Int32, timedOut: Bool) {
    let seconds = Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
      state.withLock { state in
        guard !state.ended else { return }
        state.killed = true
        kill(pid, SIGKILL)
      }
    }
    return await withCheckedContinuation { continuation in
      Thread.detachNewThread { [self] in
        // First wait without reaping, so that the pid stays this program's while the time limit may still kill.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        let killed = state.withLock { state in
          state.ended = true
          return state.killed
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        continuation.resume(returning: (status, killed))
      }
    }
  }

  /// Why a program could not be started.
  enum SpawnError: Error, CustomStringConvertible {
    /// The C library cannot close this process's other descriptors in the child.
    case unsupported
    /// `posix_spawn` failed.
    case failed(executable: String, errno: Int32)

    var description: String {
      switch self {
      case .unsupported: "the C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later)"
      case .failed(let executable, let errno): "cannot start \(executable): \(String(cString: strerror(errno)))"
      }
    }
  }
}
