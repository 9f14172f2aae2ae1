import Foundation
import Presenter

/// What a Search screen's view model is made with: the use case it reads or runs, the view it renders to, and the
/// time zone its local times are shown in.
public typealias SearchScreenDependency<UseCase: Sendable, View: Sendable> = ScreenDependency<UseCase, View, TimeZone>

extension ScreenDependency where Wording == TimeZone {
  /// The time zone local times are shown in.
  public var timeZone: TimeZone { wording }

  /// Creates the dependency.
  public init(useCase: UseCase, view: View, timeZone: TimeZone = .current) {
    self.init(useCase: useCase, view: view, wording: timeZone)
  }
}
