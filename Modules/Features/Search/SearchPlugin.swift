import FeatureKit

public enum SearchPlugin: FeaturePlugin {}
