import CoursesPresenter
import DI
import Presenter

/// The Courses feature's top layer: its commands build their terminal views themselves, for the terminal they
/// run on, and get presenters from the factories the presenter layer registers.
public struct CoursesFeatureAssembly: Assembly {
  /// The feature builds on its presenters (and, through them, every layer below).
  public static let dependencies: [any Assembly.Type] = [CoursesPresenterAssembly.self]

  /// Made by `CoursesPlugin`, which hands the app every assembly of the slice.
  public init() {}

  /// Registers nothing: the views are made per command, with its terminal and flags.
  public func assemble(into registrar: Registrar) {}
}
