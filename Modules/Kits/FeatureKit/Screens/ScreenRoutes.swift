import Synchronization

/// Where a screen can open a screen of another feature, which it cannot import: routes by what they show
/// (an item of some kind), each made from one argument (an id, a name). A feature adds its routes when
/// its screens are made; a route no feature added is simply not offered.
public final class ScreenRoutes: Sendable {
  private let routes = Mutex<[String: @Sendable (String) -> any InteractiveScreen]>([:])

  /// No routes yet.
  public init() {}

  /// Adds the route `name`, whose screen `make` makes from the argument.
  public func add(_ name: String, _ make: @escaping @Sendable (String) -> any InteractiveScreen) {
    routes.withLock { $0[name] = make }
  }

  /// Whether a feature added `name`.
  public func offers(_ name: String) -> Bool {
    routes.withLock { $0[name] != nil }
  }

  /// The screen of route `name` for `argument`; `nil` when no feature added it.
  public func screen(_ name: String, _ argument: String) -> (any InteractiveScreen)? {
    routes.withLock { $0[name] }?(argument)
  }
}
