/// The Search screens of `app ui` that other features' screens may open, by route name. Search adds them when it
/// makes its screens; a screen of another feature opens one by the same name, and offers it only while Search is in
/// the app.
public enum SearchRoutes {
  /// A GitHub repo's view, made from its full name (`owner/repo`).
  public static let repo = "github-repo"
}
