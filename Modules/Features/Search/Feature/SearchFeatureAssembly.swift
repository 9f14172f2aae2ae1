import DI
import FeatureKit
import Presenter
import SearchPresenter

/// The Search feature's top layer: its commands build their terminal views themselves, for the terminal they run
/// on, and each view gets a view model, made for it by a factory the presenter layer registers, that renders into
/// it.
public struct SearchFeatureAssembly: Assembly {
  /// The feature builds on its view models (and, through them, every layer below).
  public static let dependencies: [any Assembly.Type] = [SearchPresenterAssembly.self]

  /// Made by `SearchPlugin`, which hands the app every assembly of the slice.
  public init() {}

  /// Registers nothing: the views are made per command, with its terminal and flags.
  public func assemble(into registrar: Registrar) {}
}
