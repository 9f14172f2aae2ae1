import ArgumentParser
import DI
import Infrastructure
import Presenter
import Repository

/// What a feature's screens are made with: the command's context, the cache policy and what the terminal shows.
public struct ScreenContext: Sendable {
  /// The container, the terminal and the environment.
  public let command: CommandContext
  /// `.offline` under `app ui --offline`, else `.standard`; `r` refreshes with `.refresh`.
  public let policy: CachePolicy
  /// Colour and markers.
  public let style: ScreenStyle
  /// The routes every feature's screens share, to open one another's.
  public let routes: ScreenRoutes
  /// Sends the changes that wait for their origins in the background (never under `--offline`).
  public let sync: BackgroundSync
  /// Makes a wait on the clock screens wait on: the app's continuous clock, or a test's own.
  private let deadline: @Sendable (Duration) -> @Sendable () async throws -> Void

  /// A context for a feature's screens, whose waits (a query field waits for a pause in the typing) are on
  /// `clock`.
  public init<C: Clock<Duration>>(
    command: CommandContext, policy: CachePolicy, style: ScreenStyle, clock: C = ContinuousClock(),
    routes: ScreenRoutes = ScreenRoutes()
  ) {
    self.command = command
    self.policy = policy
    self.style = style
    self.routes = routes
    if policy == .offline {
      sync = BackgroundSync(outbox: nil)
    } else {
      let container = command.container
      sync = BackgroundSync { () -> ChangeOutbox? in try? container.resolve(ChangeOutbox.self) }
    }
    deadline = { delay in
      let deadline = clock.now.advanced(by: delay)
      return { try await clock.sleep(until: deadline, tolerance: nil) }
    }
  }

  /// How often `app ui` looks for another process's commits: a change made elsewhere shows within this (and one
  /// read of the stores followed).
  public static let commitLook = Duration.milliseconds(250)

  /// Has every followed store (``/Repository/FollowedStores``) tell its screens what the database holds whenever
  /// another process commits to it, until the task it answers is cancelled; follows nothing on a read-only home. The
  /// first look is taken before it returns, so a commit made after the call is seen.
  public func followCommitsElsewhere() async -> Task<Void, Never> {
    guard let database = try? command.container.resolve(Database.self),
      let followed = try? command.container.resolve(FollowedStores.self)
    else { return Task {} }
    let commits = await database.commitsElsewhere(every: Self.commitLook)
    return Task {
      for await _ in commits { await followed.reloadAll() }
    }
  }

  /// The policy of `r`: from the origin, or under `--offline` from the cache again (nothing reaches an origin).
  public var refreshPolicy: CachePolicy { policy == .offline ? .offline : .refresh }

  /// Waits until `delay` after now (now being when this is called, not when the wait begins): a wait started late
  /// still ends on time. Throws when the waiting task is cancelled.
  public func wait(_ delay: Duration) -> @Sendable () async throws -> Void {
    deadline(delay)
  }
}

/// `app ui [<feature> [<args>…]]`: the features' screens, live, on the terminal.
struct UICommand: EveryFeatureCommand, OfflineHelp {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "ui",
      abstract: "Browse the features' screens interactively on the terminal.",
      discussion: """
        Opens the first feature's home (or <feature>'s, given what follows it) in the alternate screen: the cached \
        screen at once, then refreshed in place. ↑/↓ or j/k move, Enter opens, Esc goes back, Tab changes feature, \
        r refreshes, ? lists every key, q goes back and quits at the top, Ctrl-C quits. Needs a terminal; scripts \
        use the features' commands.
        """ + startsHelp)
  }

  /// The features one can start in, and what each takes, for the help page; empty in a process that shows no help
  /// page (``BuiltFeatures/showsHelpPages``), whose parse reads this configuration only for the command's name.
  private static var startsHelp: String {
    guard BuiltFeatures.showsHelpPages else { return "" }
    let starts = startable(among: BuiltFeatures.features).map { "\n  \($0.arguments.usage(of: $0.name))" }
    guard !starts.isEmpty else { return "" }
    return "\n\nThe features to start in, and what each takes after its name (anything else is a usage error, exit 64):"
      + starts.joined()
  }

  static let offlineHelp = "Browse the cache only; never use the network."

  @OptionGroup var source: OfflineOption<UICommand>

  @Argument(help: "The feature to start in.", completion: .list(BuiltFeatures.names))
  var feature: String?

  @Argument(parsing: .captureForPassthrough, help: "What the feature's first screen starts with, such as a query.")
  var arguments: [String] = []

  /// Whether to browse the cache only, and what the feature's first screen starts with: `--offline` is the
  /// command's wherever it is given (`app ui <feature> --offline`), up to a `--` after which everything is the
  /// feature's.
  var startsWith: (offline: Bool, arguments: [String]) {
    let given = self.given
    return (given.offline, given.words + given.quoted)
  }

  /// Whether to browse the cache only, and the feature's arguments as given: the words before a `--` (without
  /// `--offline`), where an option may stand, and those after it, every one the feature's.
  private var given: (offline: Bool, words: [String], quoted: [String]) {
    let options = self.options
    return (
      source.offline || options.contains("--offline"), options.filter { $0 != "--offline" },
      Array(arguments[options.endIndex...].dropFirst())
    )
  }

  /// The arguments before a `--`, where the command's own options may stand.
  private var options: ArraySlice<String> {
    arguments.prefix { $0 != "--" }
  }

  func run(in context: CommandContext) async throws {
    // `app ui <feature> --help` is a request for this help, not a query.
    if options.contains("--help") || options.contains("-h") { throw CleanExit.helpRequest(Self.self) }
    let features = BuiltFeatures.features
    // What was typed is checked first, as the line commands check theirs: a usage error never takes the terminal.
    try checkArguments(among: features)
    let named = features.map { $0.name }
    let term = context.environment["TERM"] ?? ""
    guard RawTerminal.standardStreamsAreTerminals, !term.isEmpty, term != "dumb" else {
      let scripts = named.map { "`app \($0)`" }.joined(separator: " and ")
      throw UserFacingError(
        title: "app ui needs an interactive terminal (standard input and output, TERM set and not dumb)",
        hint: "For scripts, use \(scripts).", kind: .usage)
    }
    let style = ScreenStyle(
      color: context.terminal.colorEnabled, unicode: Self.localeIsUTF8(context.environment))
    let (offline, arguments) = startsWith
    let screenContext = ScreenContext(command: context, policy: offline ? .offline : .standard, style: style)
    let screens = Self.screens(of: features, in: screenContext)
    guard !screens.isEmpty else {
      throw UserFacingError(
        title: "no feature of this app has screens", hint: ScreenArguments.usageHint(Self.usage), kind: .usage)
    }
    var start = 0
    if let feature {
      guard let index = screens.firstIndex(where: { $0.name == feature.lowercased() }) else {
        throw Self.noScreens(named: feature, among: screens.map(\.name))
      }
      start = index
    }
    guard let terminal = RawTerminal(), let size = RawTerminal.size() else {
      throw UserFacingError(
        title: "app ui could not read the terminal's settings or size", hint: "Run it in a terminal.", kind: .usage)
    }
    let session = ScreenSession(
      features: screens, start: start, arguments: arguments, size: size, style: style,
      write: { terminal.draw($0.encoded) }, suspend: { terminal.suspend() })
    terminal.takeOver()
    terminal.connect(session)
    // What waits since an earlier run goes now, while the session starts; a refusal is said on the status line.
    screenContext.sync.tell { session.send(.notice($0)) }
    screenContext.sync.send()
    // Off the way of the first frame: the first look opens the database's writing connection.
    let following = Task {
      let follower = await screenContext.followCommitsElsewhere()
      await withTaskCancellationHandler {
        await follower.value
      } onCancel: {
        follower.cancel()
      }
    }
    let status = await session.run()
    following.cancel()
    terminal.giveBack()
    terminal.releaseErrors()
    // What still waits is said on leaving, as the line commands say it.
    for plugin in features {
      if let origin = plugin.changesOrigin { await context.noteWaitingChanges(of: plugin.name, origin: origin) }
    }
    guard status == 0 else { throw ExitCode(status) }
  }

  /// The feature to start in and its arguments, checked against what the feature's first screen takes: a usage
  /// error for a feature without screens, an option or a word the screen does not take.
  private func checkArguments(among features: [any FeaturePlugin.Type]) throws {
    guard let feature else { return }
    let startable = Self.startable(among: features)
    guard let start = startable.first(where: { $0.name == feature.lowercased() }) else {
      throw Self.noScreens(named: feature, among: startable.map(\.name))
    }
    let given = self.given
    try start.arguments.check(given.words, quoted: given.quoted, of: start.name)
  }

  /// The features one can start in (those with screens), in the features' order, and what each takes.
  static func startable(among features: [any FeaturePlugin.Type]) -> [(name: String, arguments: ScreenArguments)] {
    features.compactMap { plugin in plugin.screenArguments.map { (plugin.name, $0) } }
  }

  private static func noScreens(named feature: String, among names: [String]) -> UserFacingError {
    UserFacingError(
      title: "no feature named '\(feature)' has screens; those that have: " + names.joined(separator: ", "),
      hint: ScreenArguments.usageHint(usage), kind: .usage)
  }

  /// The usage line of `app ui` itself.
  static let usage = "app ui [--offline] [<feature> [<args> ...]]"

  /// The screens of the features that have any, in the features' order. A feature whose settings cannot be used
  /// (a malformed address, a bad token) shows them on its tab instead, and only there: the other features' screens
  /// work as usual.
  static func screens(of features: [any FeaturePlugin.Type], in context: ScreenContext) -> [FeatureScreens] {
    var screens: [FeatureScreens] = []
    for plugin in features {
      guard plugin.screenArguments != nil, let home = plugin.screens(in: context) else { continue }
      let problems = SettingInfo.problems(of: plugin.settings, in: context.command.environment).map { "error: \($0)" }
      if problems.isEmpty {
        screens.append(FeatureScreens(name: plugin.name, home: home))
      } else {
        screens.append(FeatureScreens(name: plugin.name) { _ in SettingProblemsScreen(problems) })
      }
    }
    return screens
  }

  /// Whether the locale's character set is UTF-8 (`LC_ALL`, else `LC_CTYPE`, else `LANG`).
  static func localeIsUTF8(_ environment: [String: String]) -> Bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    let lowered = locale.lowercased()
    return lowered.contains("utf-8") || lowered.contains("utf8")
  }
}

/// A feature's tab in `app ui` when its settings cannot be used: what is wrong with each, and where every setting
/// is explained.
final class SettingProblemsScreen: InteractiveScreen {
  private let model = ScreenModel<String, Void>(status: "Fix or unset the setting, then start app ui again.")
  private let problems: [String]

  init(_ problems: [String]) {
    self.problems = problems
  }

  func appear(redraw: @escaping @Sendable () -> Void) {}

  func disappear() {}

  func content(size: ScreenSize) -> ScreenContent {
    model.content(
      title: "Settings", size: size,
      layout: { [problems] _, width in
        (problems + ["", Application.settingsPointer]).flatMap { text in
          DisplayWidth.wrapped(text, to: width).split(separator: "\n", omittingEmptySubsequences: false)
            .map { SelectableList.Line(String($0)) }
        }
      })
  }

  func handle(_ key: Key, size: ScreenSize) -> ScreenAction {
    model.move(key, rows: size.rows).moved ? .handled : .ignored
  }
}
