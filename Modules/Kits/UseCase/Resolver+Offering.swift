import DI
import Infrastructure

extension Resolver {
  /// What another feature offers a screen (its interface), when the app has that feature: `nil` when nothing
  /// registers `type`.
  ///
  /// A setting of the offering feature that cannot be used (a bad token, a malformed address) does not fail the
  /// screen, which is whole without the offering: `unusable` makes a stand-in that answers every lookup with
  /// ``RelatedLookupFailure/failed(_:)`` and the problem, so the screen says in one note why the part is missing.
  /// Any other failure (a wiring mistake) is thrown as usual.
  public func resolveOffering<Service>(
    _ type: Service.Type, unusable: (ConfigurationError) -> Service
  ) throws(ResolutionError) -> Service? {
    do throws(ResolutionError) {
      return try resolveIfRegistered(type)
    } catch {
      guard let problem = error.settingProblem else { throw error }
      return unusable(problem)
    }
  }
}
