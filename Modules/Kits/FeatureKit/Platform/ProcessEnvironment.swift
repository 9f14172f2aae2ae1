import Foundation

/// What the process was started with, read the cheapest way: its environment and which arguments are not UTF-8.
enum ProcessEnvironment {
  /// The process's environment, read from `environ` directly: `ProcessInfo`'s copy sets up Foundation's process
  /// state first, which cost a command that needs nothing else of it a third of a millisecond. Where a name occurs
  /// twice, the first value counts, as for `getenv`. Entries that are not UTF-8 are decoded with replacement
  /// characters.
  static func read() -> [String: String] {
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
      if let equals = text.firstIndex(of: "="), environment[String(text[..<equals])] == nil {
        environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return environment
  }

  /// The positions (from 1) of the process's arguments whose bytes are not valid UTF-8.
  static func invalidUTF8Arguments() -> [Int] {
    (1..<Int(CommandLine.argc)).filter { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return false }
      return String(validatingCString: argument) == nil
    }
  }
}
