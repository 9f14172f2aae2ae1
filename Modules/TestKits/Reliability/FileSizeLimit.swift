/// Runs the app under `ulimit -f` with SIGXFSZ ignored, so a write past the limit fails with EFBIG as on a full
/// disk; its output and errors go to a pipe (the run's own output files would meet the limit too), followed by an
/// `exit:<status>` line.
public enum FileSizeLimit {
  /// A shell script (for ``AppRunner/runShell(_:environment:)``) running the app with `arguments` while no file may
  /// grow past `blocks` blocks of 512 bytes.
  public static func script(blocks: Int, _ arguments: [String]) -> String {
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    return #"{ (trap '' XFSZ; ulimit -f "# + "\(blocks); exec \"$0\" \(quoted)) 2>&1; echo \"exit:$?\"; } | cat"
  }

  /// The app's exit status, read from the script's output; `nil` when the output has none.
  public static func status(in output: String) -> Int32? {
    output.split(separator: "\n").last { $0.hasPrefix("exit:") }.flatMap { Int32($0.dropFirst(5)) }
  }
}
