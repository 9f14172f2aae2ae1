import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A program run for a test, in a process group of its own, with standard output and error in a log file.
///
/// ``stop()`` ends the whole group (a forking server's children too) and reaps the program; releasing the
/// last reference stops it as well. Every wait is bounded.
public final class ChildProcess: Sendable {
  /// The command line, for messages.
  public let command: String
  /// Where the program's standard output and error go.
  public let logFile: URL
  private let pid: pid_t
  private let status = Mutex<Int32?>(nil)

  private init(pid: pid_t, command: String, logFile: URL) {
    self.pid = pid
    self.command = command
    self.logFile = logFile
  }

  deinit {
    stop()
  }

  /// The full path of the program `name`, searched on `PATH` and in the sbin directories (where Debian puts
  /// `nghttpd`), or ``TestToolError/missingTool(name:package:)`` naming the Debian `package` that provides it.
  public static func locate(_ name: String, package: String) throws(TestToolError) -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let directories =
      path.split(separator: ":").map(String.init) + ["/usr/local/sbin", "/usr/sbin", "/sbin", "/usr/bin"]
    for directory in directories where access("\(directory)/\(name)", X_OK) == 0 {
      return "\(directory)/\(name)"
    }
    throw .missingTool(name: name, package: package)
  }

  /// Starts `executable` with `arguments`, appending its output to `logFile`.
  public static func start(
    _ executable: String, arguments: [String], logFile: URL
  ) throws(TestToolError) -> ChildProcess {
    let command = ([executable] + arguments).joined(separator: " ")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, logFile.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Nothing else of this process's: an inherited listening socket would outlive the server that opened it.
    if let closeFrom = closeFromAction {
      _ = closeFrom(&actions, 3)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A group of its own, so that stop() reaches the children a forking server (socat) makes. The spawning
    // thread may block or ignore signals (the concurrency runtime's threads do); the program must not inherit
    // that, or it would never see stop()'s SIGTERM.
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] {
      sigaddset(&signals, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &signals)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard result == 0 else {
      throw .commandFailed(command: command, status: result, output: String(cString: strerror(result)))
    }
    return ChildProcess(pid: pid, command: command, logFile: logFile)
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which the Glibc module does not
  /// import; `nil` where the C library lacks it. Every spawner of the test tools uses it.
  public static let closeFromAction:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
      else { return nil }
      return unsafeBitCast(
        symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

  /// Runs `executable` to completion (at most `timeout`) and returns its output; a failure status throws
  /// ``TestToolError/commandFailed(command:status:output:)`` with the end of that output.
  @discardableResult
  public static func run(
    _ executable: String, arguments: [String], logFile: URL, timeout: Duration = .seconds(120)
  ) async throws -> String {
    let child = try start(executable, arguments: arguments, logFile: logFile)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while child.exitStatus == nil && clock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    child.stop()
    let output = child.log
    guard let status = child.exitStatus, status == 0 else {
      throw TestToolError.commandFailed(
        command: child.command, status: child.exitStatus ?? -1, output: output.tail(600))
    }
    return output
  }

  /// Starts `executable` on a free 127.0.0.1 port and waits until it accepts connections there.
  ///
  /// `arguments` makes the command line for a port. A port can be taken between choosing it and the program
  /// binding it; the program then exits, and another port is tried, three times at most.
  public static func startListening(
    _ executable: String, logFile: URL, arguments: (UInt16) -> [String]
  ) async throws -> (process: ChildProcess, port: UInt16) {
    var attempt = 1
    while true {
      let port = try LoopbackSocket.unusedPort()
      let child = try start(executable, arguments: arguments(port), logFile: logFile)
      do {
        try await child.waitUntilAccepting(port: port)
        return (child, port)
      } catch {
        child.stop()
        guard attempt < 3, child.exitStatus != nil, !(error is CancellationError) else { throw error }
        attempt += 1
      }
    }
  }

  /// The program's exit status (the raw `waitpid` status) once it has ended, else `nil`.
  public var exitStatus: Int32? {
    status.withLock { status in
      if status == nil {
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
      }
      return status
    }
  }

  /// What the program printed so far.
  public var log: String {
    (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
  }

  /// Waits until the program itself listens on 127.0.0.1:`port` and accepts a connection there, polling every
  /// 10 ms for at most `timeout`.
  ///
  /// Accepting alone is not enough: between choosing a free port and the program binding it, another test's
  /// server may take the port, and a connection would then reach that server while the program fails to bind.
  public func waitUntilAccepting(port: UInt16, timeout: Duration = .seconds(10)) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
      guard exitStatus == nil else { break }
      if listens(on: port), LoopbackSocket.isAccepting(port: port), exitStatus == nil { return }
      try await Task.sleep(for: .milliseconds(10))
    }
    throw TestToolError.notListening(command: command, output: log.tail(600))
  }

  /// Whether one of the program's open descriptors is a TCP socket listening on `port`: the kernel's socket table
  /// (`/proc/net/tcp`) names the listening sockets' inodes, and `/proc/<pid>/fd` links name the program's.
  func listens(on port: UInt16) -> Bool {
    guard let table = Self.wholeFile("/proc/net/tcp") else { return false }
    let suffix = ":" + String(port, radix: 16, uppercase: true).leftPadded(to: 4)
    var inodes: Set<String> = []
    for line in table.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: " ")
      // local address, remote address, state (0A: LISTEN), ..., inode (the tenth field).
      guard fields.count > 9, fields[1].hasSuffix(suffix), fields[3] == "0A" else { continue }
      inodes.insert("socket:[\(fields[9])]")
    }
    guard !inodes.isEmpty else { return false }
    let descriptors = "/proc/\(pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
    return names.contains { name in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + name)).map(inodes.contains)
        ?? false
    }
  }

  /// The whole text of `path`, read until its end: a file of `/proc` says its size is 0, and Foundation's
  /// `String(contentsOfFile:)` then reads one page of it (about 27 sockets of the table), missing the rest.
  public static func wholeFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// Ends the program's process group (SIGTERM, then SIGKILL after a second) and reaps the program.
  ///
  /// The group is signalled only while its leader is not reaped yet, so its id cannot have been reused.
  public func stop() {
    guard exitStatus == nil else { return }
    kill(-pid, SIGTERM)
    for _ in 0..<100 where exitStatus == nil {
      usleep(10_000)
    }
    status.withLock { status in
      guard status == nil else { return }
      kill(-pid, SIGKILL)
      var raw: Int32 = 0
      if waitpid(pid, &raw, 0) == pid { status = raw }
    }
  }
}

extension String {
  /// The text with zeros in front, to `width` characters.
  func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }

  /// The last `count` characters, on one line.
  func tail(_ count: Int) -> String {
    suffix(count).split(whereSeparator: \.isNewline).joined(separator: " | ")
  }
}
