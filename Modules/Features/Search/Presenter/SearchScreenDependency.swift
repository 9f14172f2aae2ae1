import Foundation

/// What a Search screen's view model is made with (its `Dependency` for `make(with:)`): the use case it reads or
/// runs, the view it renders to, and the time zone its local times are shown in.
public struct SearchScreenDependency<UseCase: Sendable, View: Sendable>: Sendable {
  /// The screen's use case.
  public var useCase: UseCase
  /// Where states are shown.
  public var view: View
  /// The time zone local times are shown in.
  public var timeZone: TimeZone

  /// Creates the dependency.
  public init(useCase: UseCase, view: View, timeZone: TimeZone = .current) {
    self.useCase = useCase
    self.view = view
    self.timeZone = timeZone
  }
}
