import CoursesPresenter
import CoursesTesting
import CoursesUseCase
import DI
import FeatureKit
import FeatureKitTesting
import Foundation
import Infrastructure
import InfrastructureTesting
import Presenter
import Repository
import ScreenTesting
import SnapshotTesting
import TestScheduling
import Testing

@testable import CoursesFeature

/// The Courses screens of `app ui`, in process: the real assemblies over the demo catalog, a manual clock, keys sent
/// to the session, and each frame compared to its golden file.
@Suite(.serialized, .untimed) struct CoursesScreenTests {
  /// A session over the Courses screens.
  static func run(
    size: ScreenSize, harness: CoursesHarness, policy: CachePolicy = .standard, clock: ManualClock = ManualClock()
  ) throws -> ScreenRecorder {
    let container = try harness.container(clock: clock)
    let terminal = Terminal(
      output: CapturedText().sink, errors: CapturedText().sink, isInteractive: true, columns: size.columns,
      rows: size.rows)
    let context = ScreenContext(
      command: CommandContext(container: container, terminal: terminal, environment: harness.environment),
      policy: policy, style: ScreenStyle(color: false, unicode: true))
    let home = try #require(CoursesPlugin.screens(in: context))
    return ScreenRecorder(features: [FeatureScreens(name: "courses", home: home)], size: size, style: context.style)
  }

  @Test(arguments: [ScreenSize(columns: 80, rows: 24), ScreenSize(columns: 60, rows: 20)])
  func theHomeScreenThenACourseAndBack(size: ScreenSize) async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let run = try Self.run(size: size, harness: harness)
    let name = "\(size.columns)x\(size.rows)"

    let home = await run.frame { $0.text.last?.hasPrefix("Courses as of") == true }
    assertSnapshot(of: ScreenRecorder.text(home), as: .lines, named: "home-\(name)")

    // The third course of the first list: c12.
    run.press(.down, .character("j"), .enter)
    let detail = await run.frame { frame in
      frame.text.first?.hasSuffix("c12") == true && frame.text.count > 1 && !frame.text[1].isEmpty
        && frame.text.last?.hasPrefix("Look") == false
    }
    assertSnapshot(of: ScreenRecorder.text(detail), as: .lines, named: "detail-\(name)")

    run.press(.escape)
    let back = await run.frame { $0.text.first?.hasSuffix("Home") == true }
    #expect(back?.text.contains { $0.hasPrefix("›") } == true, "the selection is kept")
    #expect(await run.quit() == 0)
  }

  @Test func sStocksTheCourseFromItsDetailAndAgainUnstocksIt() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let run = try Self.run(size: ScreenSize(columns: 80, rows: 24), harness: harness)
    await run.frame { $0.text.last?.hasPrefix("Courses as of") == true }
    run.press(.enter)
    await run.frame { $0.text.contains("   Stocked:     no") && $0.text.last == Self.detailKeys }
    run.press(.character("s"))
    let stocked = await run.frame { $0.text.contains("   Stocked:     yes") && $0.text.last == "Stocked c42" }
    #expect(stocked != nil)
    #expect(try await harness.databaseState().stocked == ["c42"], "the stock is in the database")
    run.press(.character("s"))
    let unstocked = await run.frame { $0.text.contains("   Stocked:     no") && $0.text.last == "Unstocked c42" }
    #expect(unstocked != nil)
    #expect(try await harness.databaseState().stocked == [])
    // Back on the home screen, which follows the store of stocks, the course is not marked.
    run.press(.escape)
    let home = await run.frame { frame in
      frame.text.first?.hasSuffix("Home") == true && !frame.text.contains { $0.contains("c42") && $0.contains("★") }
    }
    #expect(home?.text.contains { $0.contains("c42") } == true)
    #expect(await run.quit() == 0)
  }

  /// The status of a course's detail once it is shown: the keys it takes (no Enter: without Search in the app, no
  /// related repo can be opened).
  static let detailKeys = "s: stock · Esc: back · ?: keys"
  /// The keys of a stocked course's detail: `s` says it unstocks.
  static let stockedDetailKeys = "s: unstock · Esc: back · ?: keys"

  /// A stock made on a course's detail shows on the home screen under it at once, without `r`.
  @Test func aStockOnTheDetailShowsOnTheHomeWithoutAReload() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let run = try Self.run(size: ScreenSize(columns: 80, rows: 24), harness: harness)
    let home = await run.frame { $0.text.last?.hasPrefix("Courses as of") == true }
    #expect(home?.text.contains { $0.contains("c42") && $0.contains("★") } == false)
    run.press(.enter)
    await run.frame { $0.text.contains("   Stocked:     no") && $0.text.last == Self.detailKeys }
    run.press(.character("s"))
    await run.frame { $0.text.contains("   Stocked:     yes") && $0.text.last == "Stocked c42" }
    run.press(.escape)
    let marked = await run.frame { frame in
      frame.text.first?.hasSuffix("Home") == true && frame.text.contains { $0.contains("c42") && $0.contains("★") }
    }
    #expect(marked != nil)
    // And back: `s` on the home unstocks it, and the mark goes.
    run.press(.character("s"))
    let unmarked = await run.frame { frame in
      frame.text.last == "Unstocked c42" && !frame.text.contains { $0.contains("c42") && $0.contains("★") }
    }
    #expect(unmarked != nil)
    #expect(try await harness.databaseState().stocked == [])
    #expect(await run.quit() == 0)
  }

  /// `s` is written at once, decided from the store of stocks and the cached catalog: with the Courses API silent
  /// the course is marked on the next frame, two presses undo each other, and nothing reaches the API.
  @Test func sStocksAtOnceWithTheCoursesAPISilent() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let run = try Self.run(size: ScreenSize(columns: 80, rows: 24), harness: harness)
    await run.frame { $0.text.last?.hasPrefix("Courses as of") == true }
    origin.setFault(.hang)
    let sent = origin.requestCount

    run.press(.character("s"))
    let marked = await run.frame { frame in
      frame.text.last == "Stocked c42" && frame.text.contains { $0.contains("c42") && $0.contains("★") }
    }
    #expect(marked != nil)
    run.press(.character("s"), .character("s"))
    let again = await run.frame { frame in
      frame.text.last == "Stocked c42" && frame.text.contains { $0.contains("c42") && $0.contains("★") }
    }
    #expect(again != nil)
    #expect(try await harness.databaseState().stocked == ["c42"], "three presses: stocked")
    #expect(origin.requestCount == sent, "nothing reached the Courses API: \(origin.operations.suffix(3))")
    #expect(await run.quit() == 0)
  }

  /// A stock made by another process (`app courses stock`, with its own connection to the file) marks the course
  /// on an open home and detail with no key pressed, once the session sees the commit.
  @Test func aStockMadeByAnotherProcessMarksTheOpenScreens() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let container = try harness.container()
    let terminal = Terminal(
      output: CapturedText().sink, errors: CapturedText().sink, isInteractive: true, columns: 80, rows: 24)
    let context = ScreenContext(
      command: CommandContext(container: container, terminal: terminal, environment: harness.environment),
      policy: .standard, style: ScreenStyle(color: false, unicode: true))
    let home = try #require(CoursesPlugin.screens(in: context))
    let run = ScreenRecorder(
      features: [FeatureScreens(name: "courses", home: home)], size: ScreenSize(columns: 80, rows: 24),
      style: context.style)
    await run.frame { $0.text.last?.hasPrefix("Courses as of") == true }
    let following = await context.followCommitsElsewhere()
    defer { following.cancel() }

    let stock = await harness.run(["courses", "stock", "c42", "--offline"])
    #expect(stock.status == 0, "\(stock.errors)")
    let marked = await run.frame { $0.text.contains { $0.contains("c42") && $0.contains("★") } }
    #expect(marked != nil)

    run.press(.enter)
    await run.frame { $0.text.contains("   Stocked:     yes") && $0.text.last == Self.stockedDetailKeys }
    let unstock = await harness.run(["courses", "unstock", "c42"])
    #expect(unstock.status == 0, "\(unstock.errors)")
    let unmarked = await run.frame { $0.text.contains("   Stocked:     no") }
    #expect(unmarked != nil)
    run.press(.escape)
    let back = await run.frame { $0.text.first?.hasSuffix("Home") == true && !$0.text.contains { $0.contains("★") } }
    #expect(back != nil, "the home under the detail followed the unstock too")
    #expect(await run.quit() == 0)
  }

  /// Under `--offline`, `r` reads the cache again and nothing reaches the Courses API.
  @Test func underOfflineRSendsNothingToTheCoursesAPI() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let clock = ManualClock()
    let online = try Self.run(size: ScreenSize(columns: 80, rows: 24), harness: harness, clock: clock)
    await online.frame { $0.text.last?.hasPrefix("Courses as of") == true }
    #expect(await online.quit() == 0)
    let sent = origin.requestCount

    let offline = try Self.run(
      size: ScreenSize(columns: 80, rows: 24), harness: harness, policy: .offline, clock: clock)
    await offline.frame { $0.text.last?.hasPrefix("Courses as of") == true }
    // An hour later, r reads the cache again, which is then stale.
    clock.advance(by: 3600)
    offline.press(.character("r"))
    await offline.frame {
      $0.text.last == "Cached courses from 1 hour ago, not refreshed · Enter: open · s: stock · r · ?"
    }
    offline.press(.enter)
    let detail = await offline.frame { $0.text.last == Self.detailKeys }
    #expect(detail != nil)
    offline.press(.character("r"))
    offline.press(.character("q"))
    await offline.frame { $0.text.first?.hasSuffix("Home") == true }
    #expect(await offline.quit() == 0)
    #expect(origin.requestCount == sent, "nothing reached the Courses API: \(origin.operations.suffix(3))")
  }

  /// On the home, Home and PgUp scroll back to the top: the Categories block and the first heading show again.
  @Test(arguments: [ScreenSize(columns: 80, rows: 24), ScreenSize(columns: 40, rows: 12)])
  func homeAndPageUpBringBackTheTopOfTheHome(size: ScreenSize) async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let run = try Self.run(size: size, harness: harness)
    let top = await run.frame { $0.text.last?.hasPrefix("Courses as of") == true }
    let first = try #require(top?.text[1])
    for key in [Key.home, .pageUp, .up, .character("k")] {
      for _ in 1...50 { run.press(.character("j")) }
      await run.frame { $0.text[1] != first }
      for _ in 1...60 { run.press(key) }
      let back = await run.frame { $0.text[1] == first }
      #expect(back?.text.contains { $0.contains("Categories") } == true, "\(key): \(back?.text ?? [])")
    }
    #expect(await run.quit() == 0)
  }

  /// A failure keeps its next step: offline with nothing cached, the title and the line command's hint both show.
  @Test func offlineWithNothingCachedSaysToRunOnceOnline() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let run = try Self.run(size: ScreenSize(columns: 80, rows: 24), harness: harness, policy: .offline)
    let failed = await run.frame { $0.status.count == 2 }
    #expect(failed?.status.first == "the home screen is not in the cache")
    #expect(
      failed?.status.last?.hasPrefix("Run `app courses` once without --offline") == true, "\(failed?.status ?? [])")
    // A hint longer than its row ends in …; ? shows it whole above the keys.
    #expect(failed?.status.last?.hasSuffix("…") == true, "\(failed?.status ?? [])")
    run.press(.character("?"))
    let keys = await run.frame { $0.text.first?.hasSuffix("Keys") == true }
    let said = keys?.text.dropFirst(2).prefix { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      said?.joined(separator: " ")
        == "the home screen is not in the cache Run `app courses` once without --offline (the bundled demo catalog "
        + "needs no network); then --offline shows it, also with a smaller --recent-limit or --recommended-limit.")
    run.press(.escape)
    #expect(await run.quit() == 0)
  }

  @Test func offlineBrowsingShowsTheCacheAndSaysWhenItIsStale() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let clock = ManualClock()
    let online = try Self.run(size: ScreenSize(columns: 80, rows: 24), harness: harness, clock: clock)
    await online.frame { $0.text.last?.hasPrefix("Courses as of") == true }
    #expect(await online.quit() == 0)

    // An hour later, without the network: the cached screen, said to be stale.
    clock.advance(by: 3600)
    let offline = try Self.run(
      size: ScreenSize(columns: 80, rows: 24), harness: harness, policy: .offline, clock: clock)
    let home = await offline.frame { $0.text.last?.hasPrefix("Cached courses from") == true }
    #expect(home?.text.last == "Cached courses from 1 hour ago, not refreshed · Enter: open · s: stock · r · ?")
    #expect(home?.text.contains { $0.hasPrefix("›") && $0.contains("c42") } == true)
    offline.press(.enter)
    let detail = await offline.frame {
      $0.text.first?.hasSuffix("c42") == true && $0.text.last != "Loading the course…"
    }
    #expect(detail?.text.contains(" Dependency Injection in Swift") == true, "\(detail?.text ?? [])")
    // q goes back, then quits at the top.
    offline.press(.character("q"))
    await offline.frame { $0.text.first?.hasSuffix("Home") == true }
    #expect(await offline.quit() == 0)
  }

  /// Hands every state of one presenter to two views.
  struct BothViews: StateView {
    let first: any StateView<CoursesHomeViewState>
    let second: any StateView<CoursesHomeViewState>

    func render(_ state: CoursesHomeViewState) async {
      await first.render(state)
      await second.render(state)
    }
  }

  @Test func onePresenterDrivesTheLinePrinterAndTheScreenAlike() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let printed = CapturedText()
    let terminal = Terminal(output: printed.sink, errors: CapturedText().sink)
    let context = ScreenContext(
      command: CommandContext(
        container: try harness.container(clock: ManualClock()), terminal: terminal, environment: harness.environment),
      policy: .standard, style: ScreenStyle(color: false, unicode: true))
    let factory = try context.command.container.resolve(
      Factory<any StateView<CoursesHomeViewState>, CoursesHomePresenter>.self)
    let screen = CoursesHomeScreen(presenter: factory, kit: try CoursesScreenKit(context))
    // One presenter instance, its states drawn by the line command's view and by the screen.
    let presenter = factory.make(
      BothViews(first: CoursesHomeTerminalView(terminal: terminal, json: false), second: screen))
    let state = await presenter.read(
      recentLimit: GetMainUseCase.recentLimit, recommendedLimit: GetMainUseCase.recommendedLimit, policy: .standard)
    guard case .content = state else {
      Issue.record("expected the home screen's content, got \(String(describing: state))")
      return
    }

    // The same courses in the same order: the ids the line view printed, and those the screen shows.
    func ids(_ lines: [String]) -> [String] {
      lines.compactMap { (line: String) -> String? in
        let words = line.split(separator: " ").map { String($0) }
        return words.first { $0.count > 1 && $0.hasPrefix("c") && $0.dropFirst().allSatisfy(\.isNumber) }
      }
    }
    let lines = printed.value.split(separator: "\n").map { String($0) }
    let shown = screen.content(size: ScreenSize(columns: 200, rows: 100))
    #expect(!ids(lines).isEmpty)
    #expect(ids(shown.lines) == ids(lines))
    #expect(shown.status.hasPrefix("Courses as of"), "\(shown.status)")
  }
}
