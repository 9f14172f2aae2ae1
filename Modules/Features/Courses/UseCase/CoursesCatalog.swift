/// Which catalog the Courses data comes from: a Courses API, or the bundled demo catalog, which is in the app and so
/// needs no network.
public struct CoursesCatalog: Sendable, Hashable {
  /// Whether it is the bundled demo catalog (`COURSES_API_URL` unset).
  public var isDemo: Bool

  /// The catalog; `isDemo` for the bundled demo catalog.
  public init(isDemo: Bool) {
    self.isDemo = isDemo
  }

  /// A Courses API.
  public static let api = CoursesCatalog(isDemo: false)
  /// The bundled demo catalog.
  public static let demo = CoursesCatalog(isDemo: true)
}
