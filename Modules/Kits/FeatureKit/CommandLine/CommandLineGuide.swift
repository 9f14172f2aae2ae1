import ArgumentParser
import Foundation
import Infrastructure

/// What the argument parser alone gets wrong for a new user: help that hides a group's default subcommand's
/// options, misspelled commands without a suggestion, `help` after a group, a negative number taken for a flag, an
/// unknown option told only once the values are right, and usage that names a default subcommand never typed.
/// The app asks it before and after parsing; it names no feature and reads only the command tree.
struct CommandLineGuide {
  let root: any ParsableCommand.Type

  /// The commands named by the leading words of `arguments`, from the root down, and how many words they took.
  func path(_ arguments: [String]) -> (commands: [any ParsableCommand.Type], consumed: Int) {
    var commands: [any ParsableCommand.Type] = [root]
    var consumed = 0
    for word in arguments {
      guard let current = commands.last,
        let next = current.configuration.subcommands.first(where: { Self.name(of: $0) == word })
      else { break }
      commands.append(next)
      consumed += 1
    }
    return (commands, consumed)
  }

  /// The command-line name of `command`.
  static func name(of command: any ParsableCommand.Type) -> String {
    command.configuration.commandName ?? String(describing: command).lowercased()
  }

  /// The help of the command `arguments` names, asked as `… --help`, `… -h` or `… help` after a group (`app weather
  /// help`), or `nil` when `arguments` asks for no such help. A group's help ends with its default subcommand's
  /// options, which are what `app weather` alone takes.
  func helpText(for arguments: [String], columns: Int?) -> String? {
    guard let last = arguments.last, arguments.count >= 2 else { return nil }
    let words: [String]
    if arguments.first == "help" {
      words = Array(arguments.dropFirst())
    } else if ["--help", "-h", "help"].contains(last) {
      words = Array(arguments.dropLast())
    } else {
      return nil
    }
    let (commands, consumed) = path(words)
    guard consumed == words.count, let command = commands.last, command != root else { return nil }
    if last == "help" && arguments.first != "help" && command.configuration.subcommands.isEmpty { return nil }
    var text = root.helpMessage(for: command, columns: columns)
    if let fallback = command.configuration.defaultSubcommand {
      let options = Self.optionsSection(of: root.helpMessage(for: fallback, columns: columns))
      if !options.isEmpty {
        text +=
          "\n\nOPTIONS OF '\(Self.name(of: fallback))', THE DEFAULT SUBCOMMAND "
          + "(app \(commands.dropFirst().map(Self.name(of:)).joined(separator: " ")) [options]):\n" + options
      }
    }
    return text
  }

  /// The lines of a help text's `OPTIONS:` section, without the heading and the built-in `--help` and `--version`.
  static func optionsSection(of help: String) -> String {
    var lines: [Substring] = []
    var inside = false
    var skippingBuiltIn = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("OPTIONS:") {
        inside = true
        continue
      }
      guard inside else { continue }
      if !line.hasPrefix(" ") && !line.isEmpty { break }
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("-") {
        skippingBuiltIn = trimmed.hasPrefix("-h, --help") || trimmed.hasPrefix("--version")
      }
      if !skippingBuiltIn { lines.append(line) }
    }
    while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// A usage error for a word where a subcommand was expected that names none, with the closest name, or `nil`
  /// when the words are fine or the parser's own message is better (the group's default subcommand takes words).
  func unknownSubcommand(in arguments: [String]) -> String? {
    if let problem = misspelledRootFlag(in: arguments) { return problem }
    var words = arguments
    let isHelp = words.first == "help"
    if isHelp { words.removeFirst() }
    let (commands, consumed) = path(words)
    guard consumed < words.count, let group = commands.last else { return nil }
    let word = words[consumed]
    let names = group.configuration.subcommands.map(Self.name(of:))
    guard !names.isEmpty, !word.isEmpty, !word.hasPrefix("-") else { return nil }
    if !isHelp, let fallback = group.configuration.defaultSubcommand {
      // The default subcommand may take this word as a value (`app weather paris`); say so only for a near miss
      // of a default that takes no words.
      guard Self.takesNoWords(fallback), let near = Self.closest(to: word, in: names) else { return nil }
      return message(word, group: commands, suggestion: near)
    }
    return message(word, group: commands, suggestion: Self.closest(to: word, in: names))
  }

  /// The root's own flags, which the parser never suggests for a misspelling: `--help`, which the parser adds
  /// itself, and `--version`, which the root answers itself (the parser would add it to every subcommand).
  static let rootFlags = ["--help", "--version"]

  /// Whether `arguments` may make the app show a help page: they are empty (the root's help), or ask for help
  /// (`-h`, `--help`, `help`), a completion script or ArgumentParser's dump of every page
  /// (`--experimental-dump-help`, which the man page is made from).
  static func mayShowHelp(_ arguments: [String]) -> Bool {
    arguments.isEmpty
      || arguments.contains {
        $0 == "-h" || $0 == "--help" || $0 == "help" || $0.hasPrefix("--experimental")
          || $0.hasPrefix("--generate-completion-script")
      }
  }

  /// The flag every command takes, which the parser adds itself and so never suggests for a misspelling.
  static let everyCommandFlags = ["--help"]

  /// A usage error for a first word that is a near miss of one of ``rootFlags`` (`--verison`), naming it, or `nil`.
  func misspelledRootFlag(in arguments: [String]) -> String? {
    guard let word = arguments.first, word.hasPrefix("--"), !word.contains("="), !Self.rootFlags.contains(word),
      let near = Self.closest(to: word, in: Self.rootFlags)
    else { return nil }
    return "error: Unknown option '\(word)'. Did you mean '\(near)'?\nUsage: \(root.usageString())\n"
      + "  See '\(Self.name(of: root)) --help' for more information."
  }

  /// A usage error for `--version` anywhere but alone after the root's name (before any `--`), or `nil`: only the
  /// root takes it, and the parser would take a root's flag after a subcommand too, and ignore it.
  func misplacedVersion(in arguments: [String]) -> String? {
    guard arguments != ["--version"], arguments.prefix(while: { $0 != "--" }).contains("--version") else { return nil }
    let words = arguments.filter { $0 != "--version" }
    let command = reached(words).last ?? root
    let typed = path(words).commands.map(Self.name(of:)).joined(separator: " ")
    let message =
      Self.unknownOptionOpening + "--version': only \(Self.name(of: root)) takes it, alone: "
      + "\(Self.name(of: root)) --version\nUsage: \(root.usageString(for: command))\n  See '\(typed) --help' for more "
      + "information."
    return namingTypedCommand(in: message, arguments: words)
  }

  /// The parser's `message` with a near miss of ``everyCommandFlags`` named where it reports an unknown option
  /// without a suggestion (`app weather --hlep`): the parser suggests only the options a command declares.
  static func suggestingRootFlag(in message: String) -> String {
    let opening = "error: Unknown option '"
    guard message.hasPrefix(opening), let close = message.dropFirst(opening.count).firstIndex(of: "'"),
      message[close...].hasPrefix("'\n")
    else { return message }
    let word = String(message[message.index(message.startIndex, offsetBy: opening.count)..<close])
    guard word.hasPrefix("--"), let near = closest(to: word, in: everyCommandFlags) else { return message }
    return opening + word + "'. Did you mean '\(near)'?" + message[message.index(after: close)...]
  }

  /// The parser's `message` about a word it did not expect right after `--json`, when the word reads as a field
  /// list of `gh`'s `--json <fields>` (`fullName`, `url,owner`): said as such, since this `--json` takes no value
  /// and prints every field, with the command typed without it, for `jq` to select from.
  static func explainingJSONFieldList(in message: String, arguments: [String]) -> String {
    let opening = "error: Unexpected argument '"
    guard message.hasPrefix(opening), let close = message.dropFirst(opening.count).firstIndex(of: "'") else {
      return message
    }
    let word = String(message[message.index(message.startIndex, offsetBy: opening.count)..<close])
    guard let json = arguments.firstIndex(of: "--json"), json + 1 < arguments.count, arguments[json + 1] == word,
      isFieldList(word)
    else { return message }
    var typed = arguments
    typed.remove(at: json + 1)
    let rest = message[message.index(after: close)...].drop { $0 != "\n" }
    return "error: '\(word)' is a gh --json field list, not an argument; this --json prints every field. "
      + "Select fields with jq, e.g. \(AppInfo.name) \(typed.joined(separator: " ")) | jq" + rest
  }

  /// Whether `word` reads as a `gh` `--json` field list: names of letters and digits, each starting with a letter,
  /// separated by commas (`fullName`, `title`, `url,owner`).
  static func isFieldList(_ word: String) -> Bool {
    word.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { field in
      field.first?.isLetter == true && field.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// How the parser's report of an option no command declares begins.
  static let unknownOptionOpening = "error: Unknown option '"

  /// The commands `arguments` reach: those its leading words name, then each group's default subcommand, as the
  /// parser falls back to it.
  func reached(_ arguments: [String]) -> [any ParsableCommand.Type] {
    var commands = path(arguments).commands
    while let fallback = commands.last?.configuration.defaultSubcommand { commands.append(fallback) }
    return commands
  }

  /// A usage error for the first word of `arguments` before any `--` that is an option none of the commands they
  /// reach declares (`app weather --bogus`), as the parser words it, or `nil` when there is none. The parser checks
  /// a command's values (a query, a missing argument) before it looks for such options; this finds them first.
  /// A command that takes every word left over as its own says nothing here.
  func unknownOption(in arguments: [String]) -> String? {
    let commands = reached(arguments)
    guard let command = commands.last else { return nil }
    let declared = commands.compactMap(Self.declaredOptions(of:))
    guard declared.count == commands.count else { return nil }
    let long = Set(declared.flatMap(\.long) + Self.builtInLongOptions)
    let short = Set(declared.flatMap(\.short) + ["h"])
    let unknown = arguments.prefix { $0 != "--" }.first { word in
      guard word.hasPrefix("-"), word.count > 1, !Self.isNegativeNumber(word) else { return false }
      if word.hasPrefix("--") {
        return !long.contains(String(word.dropFirst(2).prefix { $0 != "=" }))
      }
      // `-h`, a group of short flags (`-hv`), or a long name with a single dash.
      let name = word.dropFirst().prefix { $0 != "=" }
      return !long.contains(String(name)) && !name.allSatisfy { short.contains($0) }
    }
    guard let unknown else { return nil }
    let shown = declared.flatMap(\.long).map { "--" + $0 }
    let near = unknown.hasPrefix("--") ? Self.closest(to: unknown, in: shown) : nil
    let typed = path(arguments).commands
    return Self.unknownOptionOpening + unknown + "'" + (near.map { ". Did you mean '\($0)'?" } ?? "")
      + "\nUsage: \(root.usageString(for: command))\n  See '\(typed.map(Self.name(of:)).joined(separator: " ")) --help' "
      + "for more information."
  }

  /// The long options the parser answers itself, which no command's description lists in full.
  static let builtInLongOptions = [
    "help", "help-hidden", "version", "generate-completion-script", "experimental-dump-help",
  ]

  /// The long and short names of the options and flags `command` declares, or `nil` when it takes the words left
  /// over, options included, as its own (`app ui <feature> <args>…`).
  private static func declaredOptions(of command: any ParsableCommand.Type) -> (long: [String], short: [Character])? {
    struct Dump: Decodable {
      struct Command: Decodable { let arguments: [Argument]? }
      struct Argument: Decodable {
        struct Name: Decodable {
          let kind: String
          let name: String
        }
        let names: [Name]?
        let parsingStrategy: String?
      }
      let command: Command
    }
    guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(argumentsDump(of: command).utf8)) else {
      return nil
    }
    let arguments = dump.command.arguments ?? []
    guard !arguments.contains(where: { ["allRemainingInput", "allUnrecognized"].contains($0.parsingStrategy) })
    else { return nil }
    let names = arguments.flatMap { $0.names ?? [] }
    return (
      names.filter { $0.kind != "short" }.map(\.name),
      names.filter { $0.kind == "short" }.compactMap(\.name.first)
    )
  }

  /// The parser's description of the arguments `command` declares, without its subcommands'.
  ///
  /// A command's own dump describes its whole tree: for a group, every subcommand's arguments too, several times
  /// what the group declares, and most of what a usage error cost. ``OwnArguments`` holds the command's arguments
  /// alone.
  private static func argumentsDump<Command: ParsableCommand>(of command: Command.Type) -> String {
    OwnArguments<Command>._dumpHelp()
  }

  /// The parser's `message` about `arguments`, a command line that left out its group's default subcommand
  /// (`app weather --bogus`), with that subcommand's name left out of the usage and of the pointer to help, so that
  /// both name the command as typed (`See 'app weather --help'`); `message` as it is otherwise.
  func namingTypedCommand(in message: String, arguments: [String]) -> String {
    let typed = path(arguments).commands
    let reached = reached(arguments)
    guard reached.count > typed.count else { return message }
    let typedLine = typed.map(Self.name(of:)).joined(separator: " ")
    let reachedLine = reached.map(Self.name(of:)).joined(separator: " ")
    return message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      for lead in ["Usage: ", "  See '"] where line.hasPrefix(lead + reachedLine + " ") {
        return lead + typedLine + line.dropFirst(lead.count + reachedLine.count)
      }
      return String(line)
    }.joined(separator: "\n")
  }

  private func message(_ word: String, group: [any ParsableCommand.Type], suggestion: String?) -> String {
    let path = group.dropFirst().map(Self.name(of:))
    let place = path.isEmpty ? "'\(Self.name(of: root))'" : "'\(Self.name(of: root)) \(path.joined(separator: " "))'"
    let usage = group.last.map { root.usageString(for: $0) } ?? ""
    return "error: '\(word)' is not a subcommand of \(place)."
      + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
      + "\nUsage: \(usage)\n  See '\(([Self.name(of: root)] + path).joined(separator: " ")) --help' for the subcommands."
  }

  /// Whether `command` takes no positional arguments (its usage shows none).
  static func takesNoWords(_ command: any ParsableCommand.Type) -> Bool {
    let tokens = command.usageString().split(separator: " ").map(String.init)
    for (index, token) in tokens.enumerated() where token.hasPrefix("<") || token.hasPrefix("[<") {
      let previous = index > 0 ? tokens[index - 1] : ""
      // `<value>` right after an option is that option's value; anywhere else it is a positional argument.
      if !(previous.hasPrefix("-") || previous.hasPrefix("[-")) { return false }
    }
    return true
  }

  /// The name in `names` within two edits of `word`, the closest first; `nil` when none is that close.
  static func closest(to word: String, in names: [String]) -> String? {
    let scored = names.map { ($0, distance(word.lowercased(), $0)) }.filter { $0.1 <= 2 }
    return scored.min { $0.1 < $1.1 }?.0
  }

  /// The edit distance between `a` and `b`, counting an exchange of neighbours as one edit.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  /// `arguments` with a negative number after an option joined to it (`--limit -1` as `--limit=-1`), so that the
  /// command checks the value and says its range, instead of the parser taking `-1` for a flag.
  static func joiningNegativeValues(_ arguments: [String]) -> [String] {
    var joined: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument.hasPrefix("--"), !argument.contains("="), index + 1 < arguments.count,
        isNegativeNumber(arguments[index + 1])
      {
        joined.append(argument + "=" + arguments[index + 1])
        index += 2
      } else {
        joined.append(argument)
        index += 1
      }
    }
    return joined
  }

  private static func isNegativeNumber(_ text: String) -> Bool {
    guard text.hasPrefix("-"), text.count > 1 else { return false }
    return Double(text.dropFirst()) != nil
  }
}

/// A command with the arguments `Command` declares and nothing else: no subcommands. Only its description is ever
/// made (``CommandLineGuide``'s unknown options); it is never parsed or run.
private struct OwnArguments<Command: ParsableCommand>: ParsableCommand {
  /// A name of its own: the parser would otherwise derive one from the generic type's printed name.
  static var configuration: CommandConfiguration { CommandConfiguration(commandName: "arguments") }

  @OptionGroup var arguments: Command
}
