import Foundation
import Reliability
import TestScheduling
import TestSupport
import Testing

/// Shell completion, for real: the app's bash script, loaded in bash, asked what a command line's last word may
/// be, as bash asks it on Tab (`COMP_WORDS`, `COMP_CWORD`, `COMP_LINE`, `COMP_POINT`, and the function `complete -p`
/// names).
@Suite(.untimed) struct CompletionTests {
  /// Sources the script in `$1`, completes the line in `$2` (up to its end) and prints the offered words.
  static let driver = """
    shopt -s extglob
    source "$1" || exit 3
    line="$2"
    read -ra COMP_WORDS <<<"$line"
    [[ "$line" == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="$line"
    COMP_POINT=${#line}
    spec="$(complete -p app)" || exit 4
    function="${spec##*-F }"
    function="${function%% *}"
    COMPREPLY=()
    "$function" app "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\\n' "${COMPREPLY[@]}" | sort -u
    """

  /// The bash script the app generates, in a file that lives as long as the suite's run.
  static func bashScript() async throws -> URL {
    let result = try await AppRunner.run(["--generate-completion-script", "bash"])
    #expect(result.status == 0 && result.stderr == "")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("app-completion-\(UUID().uuidString)")
    try result.stdout.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// The words bash offers for the last word of `line`.
  static func offered(_ line: String, script: URL) async throws -> [String] {
    let result = try await AppRunner.run(
      ["-c", driver, "bash", script.path, line], executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// The app's script for `shell`, in a file that lives as long as the suite's run.
  static func script(for shell: String) async throws -> URL {
    let result = try await AppRunner.run(["--generate-completion-script", shell])
    #expect(result.status == 0 && result.stderr == "")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("app-completion-\(UUID().uuidString)")
    try result.stdout.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// The words fish offers for the last word of `line` (`complete -C`, what fish runs on Tab).
  static func fishOffered(_ line: String, script: URL) async throws -> [String] {
    let fish = URL(fileURLWithPath: try ChildProcess.locate("fish", package: "fish"))
    let result = try await AppRunner.run(
      ["--no-config", "-c", "source $argv[1]; and complete -C $argv[2]", script.path, line], executable: fish)
    #expect(result.status == 0, "\(result.stderr)")
    return Set(result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }).sorted()
  }

  /// The words zsh lists on Tab after `line`, typed at an interactive zsh in a real terminal with the script
  /// loaded by `compinit`'s `compdef`.
  static func zshOffered(_ line: String, script: URL) async throws -> [String] {
    let zsh = try ChildProcess.locate("zsh", package: "zsh")
    let session = try await TerminalSession.start(
      "\(zsh) -f -i", width: 200, height: 50, environment: ["PS1": "ready> "])
    defer { Task { await session.stop() } }
    try await session.waitUntil { $0.contains { $0.hasPrefix("ready>") } }
    try await session.send(keys: "autoload -Uz compinit; compinit -u -D; source \(script.path); print loaded\n")
    try await session.waitUntil { $0.contains("loaded") }
    try await session.send(keys: "print -r -- '==' typed\n")
    try await session.waitUntil { $0.contains("== typed") }
    try await session.send(keys: line + "\t")
    // Under the marker, the prompt with the line, then the list (`word  -- what it is`, or words in columns); a
    // single match is inserted into the line instead.
    let after = { (lines: [String]) in Array(lines[((lines.lastIndex(of: "== typed") ?? 0) + 1)...]) }
    let lines = after(
      try await session.waitUntil {
        let shown = after($0)
        return shown.count > 1 || (shown.first?.count ?? 0) > "ready> ".count + line.count
      })
    guard lines.count > 1 else { return lines[0].split(separator: " ").last.map { [String($0)] } ?? [] }
    return lines.dropFirst().flatMap { row in row.split(separator: " ").map(String.init).prefix { $0 != "--" } }
      .sorted()
  }

  #if FEATURE_COURSES
    @Test func aGroupOffersItsDefaultSubcommandsOptions() async throws {
      let script = try await Self.bashScript()
      defer { try? FileManager.default.removeItem(at: script) }
      #expect(
        try await Self.offered("app courses --", script: script) == [
          "--help", "--json", "--offline", "--recent-limit", "--recommended-limit", "--refresh",
        ])
      #expect(
        try await Self.offered("app courses --re", script: script) == [
          "--recent-limit", "--recommended-limit", "--refresh",
        ])
      // A subcommand's own options are still its own.
      #expect(try await Self.offered("app courses stocked --", script: script) == ["--help", "--json"])
      #expect(try await Self.offered("app courses s", script: script) == ["show", "stock", "stocked"])
    }

    @Test func zshAndFishOfferADefaultSubcommandsOptionsToo() async throws {
      // `--version` is app's alone: no subcommand offers it.
      let home = ["--help", "--json", "--offline", "--recent-limit", "--recommended-limit", "--refresh"]
      let fish = try await Self.script(for: "fish")
      defer { try? FileManager.default.removeItem(at: fish) }
      #expect(try await Self.fishOffered("app courses --", script: fish) == home)
      #expect(
        try await Self.fishOffered("app courses --offline --r", script: fish) == [
          "--recent-limit", "--recommended-limit", "--refresh",
        ])
      #expect(try await Self.fishOffered("app courses stocked --", script: fish) == ["--help", "--json"])
      #expect(try await Self.fishOffered("app courses s", script: fish) == ["show", "stock", "stocked"])
      let zsh = try await Self.script(for: "zsh")
      defer { try? FileManager.default.removeItem(at: zsh) }
      #expect(try await Self.zshOffered("app courses --", script: zsh) == home)
      #expect(try await Self.zshOffered("app courses --off", script: zsh) == ["--offline"])
      #expect(try await Self.zshOffered("app courses stocked --", script: zsh) == ["--help", "--json"])
      #expect(try await Self.zshOffered("app courses s", script: zsh) == ["show", "stock", "stocked"])
    }
  #endif

  #if FEATURE_SEARCH
    @Test func optionsAfterTheWordsOfADefaultSubcommand() async throws {
      let script = try await Self.bashScript()
      defer { try? FileManager.default.removeItem(at: script) }
      let options = try await Self.offered("app search swift --", script: script)
      #expect(
        Set(["--sort", "--order", "--language", "--limit", "--offline", "--refresh", "--json"]).isSubset(of: options),
        "\(options)")
      #expect(try await Self.offered("app search swift --sort ", script: script).contains("stars"))
      #expect(try await Self.offered("app search v", script: script) == ["view"])
      // After a word of the query, a subcommand's name would be searched for, so none is offered.
      #expect(try await Self.offered("app search swift v", script: script) == [])
    }

    @Test func zshAndFishOfferOptionsAfterTheWordsOfADefaultSubcommand() async throws {
      let query = Set(["--sort", "--order", "--language", "--limit", "--offline", "--refresh", "--json"])
      let fish = try await Self.script(for: "fish")
      defer { try? FileManager.default.removeItem(at: fish) }
      let fishOptions = try await Self.fishOffered("app search swift --", script: fish)
      #expect(query.isSubset(of: fishOptions), "\(fishOptions)")
      #expect(try await Self.fishOffered("app search swift --sort ", script: fish).contains("stars"))
      #expect(try await Self.fishOffered("app search v", script: fish) == ["view"])
      #expect(try await Self.fishOffered("app search swift v", script: fish) == [])
      let zsh = try await Self.script(for: "zsh")
      defer { try? FileManager.default.removeItem(at: zsh) }
      let zshOptions = try await Self.zshOffered("app search swift --", script: zsh)
      #expect(query.isSubset(of: zshOptions), "\(zshOptions)")
      #expect(try await Self.zshOffered("app search swift --sort ", script: zsh).contains("stars"))
      #expect(try await Self.zshOffered("app search v", script: zsh) == ["view"])
    }
  #endif

  #if FEATURE_COURSES && FEATURE_SEARCH
    @Test func cacheClearOffersTheFeatures() async throws {
      let script = try await Self.bashScript()
      defer { try? FileManager.default.removeItem(at: script) }
      #expect(try await Self.offered("app cache clear ", script: script) == ["courses", "search"])
      #expect(try await Self.offered("app cache clear s", script: script) == ["search"])
      let fish = try await Self.script(for: "fish")
      defer { try? FileManager.default.removeItem(at: fish) }
      #expect(try await Self.fishOffered("app cache clear ", script: fish) == ["courses", "search"])
      let zsh = try await Self.script(for: "zsh")
      defer { try? FileManager.default.removeItem(at: zsh) }
      #expect(try await Self.zshOffered("app cache clear ", script: zsh) == ["courses", "search"])
      #expect(try await Self.zshOffered("app cache clear s", script: zsh) == ["search"])
    }
  #endif

  @Test(arguments: [("/bin/zsh", "#compdef app"), ("/usr/bin/fish", "complete -c 'app'"), ("bash", "#!/bin/bash")])
  func withoutAShellTheScriptIsForTheShellSHELLNames(shell: String, start: String) async throws {
    let result = try await AppRunner.run(["--generate-completion-script"], environment: ["SHELL": shell])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.contains(start), "\(result.stdout.prefix(200))")
  }

  @Test(arguments: [
    ([:], "SHELL is not set"), (["SHELL": "/bin/sh"], "SHELL is /bin/sh"), (["SHELL": ""], "SHELL is not set"),
  ])
  func withoutAShellThatSHELLNamesTheErrorListsTheShells(environment: [String: String], why: String) async throws {
    let result = try await AppRunner.run(["--generate-completion-script"], environment: environment)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "error: name the shell to complete for: app --generate-completion-script bash, fish or zsh (\(why)).\n")
  }

  @Test func helpTellsHowToGetCompletion() async throws {
    let help = try await AppRunner.run(["--help"]).stdout
    let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      flat.contains(
        "Completion: app --generate-completion-script bash|zsh|fish prints a completion script for the shell; "
          + "without one, for the shell SHELL names."), "\(help)")
  }
}
