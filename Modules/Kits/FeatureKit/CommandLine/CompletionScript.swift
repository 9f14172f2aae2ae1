import ArgumentParser
import Foundation
import Infrastructure

/// `app --generate-completion-script [shell]`: ArgumentParser's script, with what it leaves out.
///
/// - A group with a default subcommand (`app weather`, which runs `app weather list`) completes that subcommand's
///   options and arguments too, after the group's name and after words the default subcommand takes as values
///   (`app weather paris --<Tab>`), in bash, zsh and fish. ArgumentParser offers only the group's own `--help`
///   there.
/// - Without a shell, the one `SHELL` names; when it names none of the shells, an error lists them, instead of a
///   script for a shell the user did not ask for.
struct CompletionScript {
  /// The root command.
  let root: any ParsableCommand.Type

  /// The shells a script can be made for, as users name them.
  static let shellNames = CompletionShell.allCases.map(\.rawValue).sorted()

  /// The shell `arguments` ask a script for (`--generate-completion-script[=| ]<shell>`, or none and `SHELL`), an
  /// error message when they name none, or `nil` when `arguments` are no such request (or one the parser answers:
  /// a shell the app does not know).
  static func shell(
    requestedBy arguments: [String], environment: [String: String]
  ) -> Result<CompletionShell, UsageProblem>? {
    let option = "--generate-completion-script"
    let named: String?
    switch arguments.count {
    case 1 where arguments[0] == option: named = nil
    case 1 where arguments[0].hasPrefix(option + "="): named = String(arguments[0].dropFirst(option.count + 1))
    case 2 where arguments[0] == option: named = arguments[1]
    default: return nil
    }
    if let named { return CompletionShell(rawValue: named).map { .success($0) } }
    let variable = environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 }
    if let variable, let shell = CompletionShell(rawValue: String(variable.split(separator: "/").last ?? "")) {
      return .success(shell)
    }
    let choices = shellNames.dropLast().joined(separator: ", ") + " or " + (shellNames.last ?? "")
    let why = variable.map { "SHELL is \(DisplayWidth.singleLine($0))" } ?? "SHELL is not set"
    return .failure(
      UsageProblem(
        message: "error: name the shell to complete for: \(AppInfo.name) \(option) \(choices) (\(why))."))
  }

  /// A usage error, printed as it is.
  struct UsageProblem: Error {
    let message: String
  }

  /// The script for `shell`.
  func text(for shell: CompletionShell) -> String {
    let script = root.completionScript(for: shell)
    // Split once, by bytes: a script is ASCII, and splitting by characters would cost more than the patches.
    var lines = script.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    for group in groups(under: root, path: [CommandLineGuide.name(of: root)]) {
      switch shell {
      case .bash: Self.bashCompletingDefault(of: group.path, default: group.fallback, in: &lines)
      case .zsh: Self.zshCompletingDefault(of: group.path, default: group.fallback, among: group.names, in: &lines)
      case .fish: Self.fishCompletingDefault(of: group.path, default: group.fallback, in: &lines)
      default: break
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Every command under `command` (itself included) that has a default subcommand, by its path of names.
  private func groups(
    under command: any ParsableCommand.Type, path: [String]
  ) -> [(path: [String], fallback: String, names: [String])] {
    var found: [(path: [String], fallback: String, names: [String])] = []
    if let fallback = command.configuration.defaultSubcommand {
      found.append(
        (path, CommandLineGuide.name(of: fallback), command.configuration.subcommands.map(CommandLineGuide.name(of:))))
    }
    for subcommand in command.configuration.subcommands {
      found += groups(under: subcommand, path: path + [CommandLineGuide.name(of: subcommand)])
    }
    return found
  }

  /// `lines` with the bash function of the group at `path` also completing its default subcommand `fallback`
  /// when the word after the group names no subcommand: the words after the group are handed to the default's
  /// function as they were, and subcommand names are offered only for the word right after the group. `lines`
  /// unchanged when they do not have the shape this expects.
  static func bashCompletingDefault(of path: [String], default fallback: String, in lines: inout [String]) {
    let function = "_" + path.joined(separator: "_")
    guard let start = lines.firstIndex(of: "\(function)() {"),
      let end = lines[start...].firstIndex(of: "}"),
      let offer = lines[start..<end].firstIndex(where: { $0.hasSuffix("# Offer subcommand completions") }),
      offer + 1 < end, lines[offer + 1].contains("COMPREPLY+=")
    else { return }
    let indent = String(lines[offer + 1].prefix { $0 == " " })
    let saved = "__\(path[0])_default_words"
    // Subcommand names only in the word right after the group: after `app weather paris`, a name is a value.
    lines[offer + 1] = indent + "[[ ${#unparsed_words[@]} -eq 0 ]] && " + lines[offer + 1].dropFirst(indent.count)
    lines.insert(
      contentsOf: ["\(indent)unparsed_words=(\"${\(saved)[@]}\")", "\(indent)\(function)_\(fallback)"],
      at: offer + 2)
    lines.insert("    local -a \(saved)=(\"${unparsed_words[@]}\")", at: start + 1)
  }

  /// `lines` with the zsh function of the group at `path` handing the line to its default subcommand's function
  /// when the word after the group names none of the subcommands `names` and is an option or is followed by more
  /// words. `lines` unchanged when they do not have the shape this expects.
  static func zshCompletingDefault(
    of path: [String], default fallback: String, among names: [String], in lines: inout [String]
  ) {
    let function = "_" + path.joined(separator: "_")
    guard let start = lines.firstIndex(of: "\(function)() {"), start + 1 < lines.count,
      lines[start + 1] == "    local -i ret=1", lines.contains("\(function)_\(fallback)() {")
    else { return }
    lines.insert(
      contentsOf: [
        "    if [[ \"${words[2]}\" != (\(names.joined(separator: "|"))) ]] "
          + "&& { (( CURRENT > 2 )) || [[ \"${words[2]}\" == -* ]] }; then",
        "        words[1]=\(fallback)",
        "        \(function)_\(fallback)",
        "        return",
        "    fi",
      ], at: start + 1)
  }

  /// `lines` with fish completing the default subcommand `fallback` of the group at `path`: right after the
  /// group, its options are offered beside the subcommands' names, the group's parser accepts them, and words
  /// that name no subcommand are parsed as the default's. `lines` unchanged when they do not have the shape
  /// this expects.
  static func fishCompletingDefault(of path: [String], default fallback: String, in lines: inout [String]) {
    // `__app_parse_tokens` nests one `case '<name>'` per command, four more spaces each level.
    var at = lines.startIndex
    for (depth, name) in path.enumerated() {
      let line = String(repeating: " ", count: 4 * (depth + 1)) + "case '\(name)'"
      guard let found = lines[at...].firstIndex(of: line) else { return }
      at = found
    }
    let indent = String(repeating: " ", count: 4 * (path.count + 1))
    let parse = at + 1
    guard parse + 1 < lines.count, lines[parse].hasPrefix(indent + "__"),
      lines[parse + 1] == indent + "switch $unparsed_tokens[1]",
      let end = lines[(parse + 2)...].firstIndex(of: indent + "end"),
      let fallbackCase = lines[(parse + 2)..<end].firstIndex(of: indent + "case '\(fallback)'"),
      lines[fallbackCase + 1].hasPrefix(indent + "    __")
    else { return }
    let fallbackParse = lines[fallbackCase + 1]
    // The group's parser takes the default's options, so that `app weather --units metric paris` parses.
    let specs = { (line: String) in line.split(separator: " ").filter { $0.hasPrefix("'") } }
    let extra = specs(fallbackParse).filter { !specs(lines[parse]).contains($0) }
    lines[parse] += extra.map { " " + $0 }.joined()
    lines.insert(
      contentsOf: [
        indent + "case '*'",
        indent + "    if set -q unparsed_tokens[1]",
        indent + "        set -p unparsed_tokens '\(fallback)'",
        "    " + fallbackParse,
        indent + "    end",
      ], at: end)
    // Right after the group, the default's options too.
    let group = "\"" + path.joined(separator: " ") + "\""
    let fallbackPath = "\"" + (path + [fallback]).joined(separator: " ") + "\""
    let marker = "__\(path[0])_should_offer_completions_for_flags_or_options "
    let offered = lines.filter { $0.contains(marker + fallbackPath + " ") }
      .map { $0.replacingOccurrences(of: marker + fallbackPath + " ", with: marker + group + " ") }
      .filter { !lines.contains($0) }
    if let last = lines.lastIndex(where: { $0.contains(marker + fallbackPath + " ") }) {
      lines.insert(contentsOf: offered, at: last + 1)
    }
  }
}
