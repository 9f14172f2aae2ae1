/// A feature the app can be built with.
public protocol FeaturePlugin {}
