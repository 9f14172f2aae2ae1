import ArgumentParser
import Infrastructure

/// `app --generate-completion-script [shell]`: ArgumentParser's script, with what it leaves out.
///
/// - A group with a default subcommand (`app weather`, which runs `app weather list`) completes that subcommand's
///   options and arguments too, after the group's name and after words the default subcommand takes as values
///   (`app weather paris --<Tab>`). ArgumentParser offers only the group's own `--help` there (bash).
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
    guard shell == .bash else { return script }
    return groups(under: root, path: [CommandLineGuide.name(of: root)]).reduce(script) { script, group in
      Self.bashCompletingDefault(of: group.path, default: group.fallback, in: script)
    }
  }

  /// Every command under `command` (itself included) that has a default subcommand, by its path of names.
  private func groups(
    under command: any ParsableCommand.Type, path: [String]
  ) -> [(path: [String], fallback: String)] {
    var found: [(path: [String], fallback: String)] = []
    if let fallback = command.configuration.defaultSubcommand {
      found.append((path, CommandLineGuide.name(of: fallback)))
    }
    for subcommand in command.configuration.subcommands {
      found += groups(under: subcommand, path: path + [CommandLineGuide.name(of: subcommand)])
    }
    return found
  }

  /// `script` with the bash function of the group at `path` also completing its default subcommand `fallback`
  /// when the word after the group names no subcommand: the words after the group are handed to the default's
  /// function as they were, and subcommand names are offered only for the word right after the group. `script`
  /// unchanged when it does not have the shape this expects.
  static func bashCompletingDefault(of path: [String], default fallback: String, in script: String) -> String {
    let function = "_" + path.joined(separator: "_")
    var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: "\(function)() {"),
      let end = lines[start...].firstIndex(of: "}"),
      let offer = lines[start..<end].firstIndex(where: { $0.hasSuffix("# Offer subcommand completions") }),
      offer + 1 < end, lines[offer + 1].contains("COMPREPLY+=")
    else { return script }
    let indent = String(lines[offer + 1].prefix { $0 == " " })
    let saved = "__\(path[0])_default_words"
    // Subcommand names only in the word right after the group: after `app weather paris`, a name is a value.
    lines[offer + 1] = indent + "[[ ${#unparsed_words[@]} -eq 0 ]] && " + lines[offer + 1].dropFirst(indent.count)
    lines.insert(
      contentsOf: ["\(indent)unparsed_words=(\"${\(saved)[@]}\")", "\(indent)\(function)_\(fallback)"],
      at: offer + 2)
    lines.insert("    local -a \(saved)=(\"${unparsed_words[@]}\")", at: start + 1)
    return lines.joined(separator: "\n")
  }
}
