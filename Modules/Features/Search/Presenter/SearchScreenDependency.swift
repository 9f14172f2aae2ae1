import Foundation

/// What a Search screen's view model is made with (its `Dependency` for `make(with:)`): the use case it reads or
/// runs, and the time zone its local times are shown in.
public struct SearchScreenDependency<UseCase: Sendable>: Sendable {
  /// The screen's use case.
  public var useCase: UseCase
  /// The time zone local times are shown in.
  public var timeZone: TimeZone

  /// Creates the dependency.
  public init(useCase: UseCase, timeZone: TimeZone = .current) {
    self.useCase = useCase
    self.timeZone = timeZone
  }
}
