import ArgumentParser
import Foundation
import Infrastructure

extension Application {
  /// Runs the process: sets up logging, runs the command line, and exits with its status.
  ///
  /// Only a command that needs the container starts Swift concurrency's executors: `--version`, `--help`, usage
  /// errors and the synchronous commands run on the main thread alone, which is most of what they cost.
  public static func main(root: any ParsableCommand.Type, features: [any FeaturePlugin.Type]) -> Never {
    // A reader that leaves (`| head -1`) makes writes fail with EPIPE, noted by the sink, instead of a signal.
    signal(SIGPIPE, SIG_IGN)
    // Ctrl-C ends the app with 130 as before, but first erases a spinner's line on a terminal.
    signal(SIGINT, interrupted)
    if let reason = StandardOutput.unusableAtStart() {
      TextSink.standardError.line("error: could not write the output: \(reason)")
      _exit(ExitStatus.failure.rawValue)
    }
    let arguments = Array(CommandLine.arguments.dropFirst())
    let invalidUTF8 = ProcessEnvironment.invalidUTF8Arguments()
    // `--version` alone needs nothing the rest sets up; even building the environment's dictionary costs a
    // look-up of `String`'s conformances across the whole binary.
    if arguments == ["--version"], invalidUTF8.isEmpty {
      TextSink.standardOutput.line(versionLine)
      end(ExitStatus.success.rawValue)
    }
    // Help pages are built only by a command line that may show one; see BuiltFeatures.
    if !CommandLineGuide.mayShowHelp(arguments) { BuiltFeatures.showNoHelpPages() }
    let environment = ProcessEnvironment.read()
    AppLogging.bootstrap(environment: environment)
    let app = Application(
      root: root, features: features, environment: environment, terminal: .standard(environment: environment))
    let parsed: any ParsableCommand
    switch app.parse(arguments, invalidUTF8: invalidUTF8) {
    case .finished(let status): end(status)
    case .command(let command): parsed = command
    }
    switch app.start(parsed) {
    case .finished(let status):
      end(status)
    case .needsContainer(let command):
      // The first job of Swift concurrency waits about a millisecond for its threads to start: the command is
      // prepared on this thread meanwhile and handed over, and this thread then opens the database it reads first.
      let pending = PendingCommand(app: app, command: command)
      let preparation = Handoff<Application.Preparation>()
      Task {
        let prepared = await preparation.take()
        let status = await pending.app.run(pending.command, prepared: prepared)
        // The process ends here: its objects are not freed one by one first. The end's actions empty the database's
        // log (see ProcessEnd), which is all that freeing them would have done that outlives the process.
        withExtendedLifetime(prepared) { end(status) }
      }
      openEarly(handing: app.prepare(command, startsOpening: false), to: preparation, for: command)
      waitForTheEnd()
    }
  }

  /// Hands `prepared` to the task that runs `command`, then, for a command whose first step reads the database,
  /// opens it on this thread, which has nothing else to do: the task's first read waits for this open instead of
  /// for another thread to wake up and do it. Keeps nothing of `prepared` once it returns.
  private static func openEarly(
    handing prepared: Preparation, to handoff: Handoff<Preparation>, for command: any ContainerCommand
  ) {
    handoff.hand(prepared)
    if case .ready(let context) = prepared, opensEarly(command) {
      context.openDatabaseEarly(onThisThread: true)
    }
  }

  /// Parks the main thread until the task it handed the command to ends the process.
  ///
  /// Where `dispatchMain()` parks it too, with every signal unblocked for the thread to take (a handler such as
  /// `interrupted`, or `app ui`'s signal sources), but only after leaving it with `pthread_exit`: that made the C
  /// library load libgcc_s to unwind the thread while the command ran. Nothing in the app runs on the main queue or
  /// the main actor, which `dispatchMain()` would serve.
  private static func waitForTheEnd() -> Never {
    var noSignal = sigset_t()
    sigemptyset(&noSignal)
    while true { sigsuspend(&noSignal) }
  }

  /// Ends the process with `status`, without exit-time handlers.
  ///
  /// The TLS library frees its global state in one, and a transfer thread that is still tearing down a refused
  /// connection then touches freed memory (the process crashed with SIGSEGV after a certificate error). The app
  /// writes through write(2); stdio is flushed for anything else. SQLite stays consistent however a process ends
  /// (make stress kills it with SIGKILL mid-refresh).
  private static func end(_ status: Int32) -> Never {
    ProcessEnd.runNormalEndActions()
    fflush(nil)
    let outcome = StandardOutput.outcome(of: status)
    if let message = outcome.message { TextSink.standardError.line(message) }
    _exit(outcome.status)
  }
}

/// A parsed command on its way from the main thread to the task that runs it; neither side touches it afterwards.
private struct PendingCommand: @unchecked Sendable {
  let app: Application
  let command: any ContainerCommand
}
