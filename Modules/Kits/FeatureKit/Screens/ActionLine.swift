import Presenter

/// The view a screen hands the presenter of a change it starts (marking a row): each state the change renders
/// becomes the line over the screen's status, in the screen's own words. A screen is the view of its read; a
/// change's states, of another type, come through this one kind of view, on every screen of every feature.
///
/// An `ActionLine<MarkViewState>` is the `any StateView<MarkViewState>` a change presenter takes; nothing is to
/// declare.
public struct ActionLine<ViewState: Sendable>: StateView {
  private let show: @Sendable (ViewState) async -> Void

  /// Shows each state as the line `line` words it over `model`'s status (none for `nil`: the line stays).
  public init<Item, Fields>(
    on model: ScreenModel<Item, Fields>, line: @escaping @Sendable (ViewState) -> String?
  ) {
    show = { state in
      guard let text = line(state) else { return }
      model.update { $0.action = text }
    }
  }

  /// Shows each state as `show` says (a screen whose line depends on more than the state).
  public init(_ show: @escaping @Sendable (ViewState) async -> Void) {
    self.show = show
  }

  /// Shows `state`.
  public func render(_ state: ViewState) async {
    await show(state)
  }
}
