import Foundation
import TestSupport

/// Runs the app as `nobody`, who can read an `APP_HOME` opened to all but write nothing in it (the tools run as
/// root, whom permissions do not stop); the binary is copied where `nobody` may run it when its own directory is
/// closed to other users.
public struct AnotherUser: Sendable {
  /// The binary `nobody` runs.
  public let executable: String
  /// The directory of the copy, when one was made.
  let copy: URL?

  /// The command line that runs a program as `nobody`.
  public static let setprivArguments = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]

  /// Opens `home` for reading to all users and finds (or makes) a binary `nobody` may run.
  public static func prepare(home: URL) throws -> AnotherUser {
    let setpriv = setprivArguments.joined(separator: " ")
    try shell("chmod -R a+rX '\(home.path)'")
    let binary = AppRunner.executable.path
    if (try? shell("\(setpriv) test -x '\(binary)'")) != nil { return AnotherUser(executable: binary, copy: nil) }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-binary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let copy = directory.appendingPathComponent("app")
    try FileManager.default.copyItem(atPath: binary, toPath: copy.path)
    try shell("chmod 755 '\(directory.path)' '\(copy.path)' && \(setpriv) test -x '\(copy.path)'")
    return AnotherUser(executable: copy.path, copy: directory)
  }

  /// A script for ``AppRunner/runShell(_:environment:)`` that runs `arguments` as `nobody`.
  public func script(_ arguments: [String]) -> String {
    "exec \(Self.setprivArguments.joined(separator: " ")) '\(executable)' "
      + arguments.map { "'\($0)'" }.joined(separator: " ")
  }

  /// Removes the copy of the binary, if one was made.
  public func remove() {
    if let copy { try? FileManager.default.removeItem(at: copy) }
  }

  private static func shell(_ command: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try AppRunner.launch(process)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TestToolError.commandFailed(command: command, status: process.terminationStatus, output: "")
    }
  }
}
