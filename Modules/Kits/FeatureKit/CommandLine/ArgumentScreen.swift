/// Refuses command-line arguments no command can mean: invalid UTF-8, control characters, huge values, more
/// words than any command takes.
///
/// It runs before parsing, so every command gets the same usage error (exit 64) instead of each
/// deciding what an escape sequence or a 10 KB id should do. It reads each argument once: its time grows with the
/// command line's size, where the parser's grows with its square.
public enum ArgumentScreen {
  /// The longest argument accepted, in UTF-8 bytes.
  public static let maximumBytes = 4096

  /// The most arguments a command line may have: far more than any command of the app takes.
  public static let maximumCount = 256

  /// Why `arguments` cannot be used, or `nil` when they can. `invalidUTF8` lists the positions (from 1)
  /// of arguments whose bytes were not valid UTF-8.
  public static func problem(in arguments: [String], invalidUTF8: [Int] = []) -> String? {
    if let position = invalidUTF8.first {
      return "argument \(position) is not valid UTF-8; pass text in UTF-8."
    }
    if arguments.count > maximumCount {
      return "\(arguments.count) arguments are more than any command takes; the limit is \(maximumCount)."
    }
    for (index, argument) in arguments.enumerated() {
      let position = index + 1
      if argument.utf8.count > maximumBytes {
        // The position counts every word after `app`, subcommands included; the start of the argument says which.
        return "argument \(position) ('\(start(of: argument))') is \(argument.utf8.count) bytes long; "
          + "the limit is \(maximumBytes)."
      }
      if argument.unicodeScalars.contains("\u{FFFD}") {
        return "argument \(position) is not valid UTF-8; pass text in UTF-8."
      }
      if let control = argument.unicodeScalars.first(where: isControl) {
        let code = String(control.value, radix: 16, uppercase: true)
        return
          "argument \(position) contains a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)); "
          + "arguments must be plain text."
      }
    }
    return nil
  }

  /// The first characters of `argument`, control characters shown as `?`, and `…` when there is more.
  static func start(of argument: String) -> String {
    let shown = argument.prefix(16).map { character in
      character.unicodeScalars.contains(where: isControl) ? "?" : String(character)
    }.joined()
    return shown + (argument.count > 16 ? "…" : "")
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    default: false
    }
  }
}
