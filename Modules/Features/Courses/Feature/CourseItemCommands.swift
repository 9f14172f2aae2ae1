import ArgumentParser
import CoursesPresenter
import DI
import FeatureKit
import Presenter

/// A course id argument: trimmed, and refused when blank.
struct CourseIDArgument: ParsableArguments {
  @Argument(help: "The course id, as `app courses --json` lists them (for example c01).")
  var id: String

  func validate() throws {
    let trimmed = id.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw ValidationError("The course id is empty.") }
    guard trimmed.count <= 200, !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      throw ValidationError("That is not a course id: ids are short and have no control characters.")
    }
  }

  var value: String { id.trimmingCharacters(in: .whitespaces) }
}

/// `app courses show <id>`.
struct CourseShowCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Show one course: category, level, duration, instructor, progress, stocked.")

  @OptionGroup var course: CourseIDArgument
  @OptionGroup var source: SourceOptions<CoursesCommand>

  func run(in context: CommandContext) async throws {
    let factory = try context.container.resolve(
      Factory<any StateView<CourseDetailViewState>, CourseDetailPresenter>.self)
    let view = CourseDetailTerminalView(terminal: context.terminal, json: source.json)
    if case .failure(let error) = await factory.make(view).read(id: course.value, policy: source.policy) {
      throw error
    }
  }
}

/// `app courses stock <id>`.
struct CourseStockCommand: ContainerCommand, OfflineHelp {
  static let configuration = CommandConfiguration(
    commandName: "stock", abstract: "Stock (bookmark) a course. Stocking a stocked course changes nothing.")
  static let offlineHelp = "Check the id against cached data only; never use the network."

  @OptionGroup var course: CourseIDArgument
  @OptionGroup var source: OfflineOption<CourseStockCommand>

  func run(in context: CommandContext) async throws {
    let presenter = try stockPresenter(context)
    if case .failure(let error) = await presenter.change(stocking: course.value, policy: source.policy) {
      throw error
    }
  }
}

/// `app courses unstock <id>`: local data only, so no setting of the origin's stops it.
struct CourseUnstockCommand: LocalCommand {
  static let configuration = CommandConfiguration(
    commandName: "unstock", abstract: "Unstock a course. Unstocking a course that is not stocked changes nothing.")

  @OptionGroup var course: CourseIDArgument

  func run(in context: CommandContext) async throws {
    if case .failure(let error) = try await stockPresenter(context).change(unstocking: course.value) {
      throw error
    }
  }
}

/// `app courses stocked`: local data only, so no setting of the origin's stops it.
struct CoursesStockedCommand: LocalCommand {
  static let configuration = CommandConfiguration(
    commandName: "stocked", abstract: "List the stocked courses, most recently stocked first.")

  @Flag(help: "Print JSON (only JSON) on standard output.")
  var json = false

  func run(in context: CommandContext) async throws {
    if case .failure(let error) = try await stockPresenter(context, json: json).read() {
      throw error
    }
  }
}

/// The stock presenter with a terminal view.
private func stockPresenter(_ context: CommandContext, json: Bool = false) throws -> StockPresenter {
  let factory = try context.container.resolve(Factory<any StateView<StockViewState>, StockPresenter>.self)
  return factory.make(StockTerminalView(terminal: context.terminal, json: json))
}
