import FeatureKit

public enum CoursesPlugin: FeaturePlugin {}
