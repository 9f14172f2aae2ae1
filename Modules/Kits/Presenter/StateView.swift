/// What every presenter hands its view states to: the one way a view is connected, in every feature and for both
/// kinds of view (a line command's terminal view and an `app ui` screen).
///
/// A presenter gets its view through its `Dependency` (a `Factory<any SomeView, SomePresenter>` makes one per view)
/// and calls ``render(_:)`` for each state, in order: a read's `loading`, then what it settled to, and, after a
/// change, the state that shows it. A line view prints the state it can print (the settled one) and may animate
/// meanwhile; a screen puts the state in its model and returns. Nothing is to start, follow or finish.
///
/// A presenter names its view by its state alone, and any view of that state will do, a line view, a screen or a
/// test's recorder; no feature declares a view protocol of its own:
///
/// ```swift
/// public typealias Dependency = ScreenDependency<WeatherUseCase, any StateView<WeatherViewState>, Void>
/// ```
public protocol StateView<ViewState>: Sendable {
  /// What the view shows at one moment.
  associatedtype ViewState: Sendable

  /// Shows `state`, replacing what was shown before; returns once it is shown (a line view may wait for a
  /// spinner to stop).
  func render(_ state: ViewState) async
}
