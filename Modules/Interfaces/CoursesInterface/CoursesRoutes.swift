/// The Courses screens of `app ui` that other features' screens may open, by route name. Courses adds them when it
/// makes its screens; a screen of another feature opens one by the same name, and offers it only while Courses is in
/// the app.
public enum CoursesRoutes {
  /// A course's detail, made from the course id.
  public static let course = "course"
}
