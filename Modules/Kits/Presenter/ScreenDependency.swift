/// What a screen's presenter or view model is made with, its `Dependency` for `make(with:)`: the use case it reads
/// or runs, the view it renders to, and what its feature words the states with (`Void` when nothing; a feature
/// that needs some, the origin its hints speak of or the time zone of its times, gives it a name and an
/// initializer of its own in a constrained extension).
public struct ScreenDependency<UseCase: Sendable, View: Sendable, Wording: Sendable>: Sendable {
  /// The screen's use case.
  public var useCase: UseCase
  /// Where the states are shown.
  public var view: View
  /// What the feature words the states with.
  public var wording: Wording

  /// Creates the dependency.
  public init(useCase: UseCase, view: View, wording: Wording) {
    self.useCase = useCase
    self.view = view
    self.wording = wording
  }
}

extension ScreenDependency where Wording == Void {
  /// A dependency whose states need no wording of the feature's.
  public init(useCase: UseCase, view: View) {
    self.init(useCase: useCase, view: view, wording: ())
  }
}
