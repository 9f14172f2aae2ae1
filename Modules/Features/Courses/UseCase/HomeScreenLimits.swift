/// How many recent and recommended courses the home screen shows unless told otherwise; reads of the same lists
/// elsewhere use the same numbers, so the home screen's cache answers them.
public enum HomeScreenLimits {
  /// Recent courses shown by default.
  public static let recent = 5
  /// Recommended courses shown by default.
  public static let recommended = 10
}
