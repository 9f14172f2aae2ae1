/// Why a resolve failed: the key, the chain of resolves that led to it, where the registrations involved were
/// written, and what would fix it.
///
/// The container never crashes on a caller's mistake; every failure is one of these cases.
public indirect enum ResolutionError: Error, Sendable, CustomStringConvertible {
  /// Nothing is registered under the key; `alternatives` are the same type's registrations under other names.
  ///
  /// `requestedAt` is where the registration whose factory asked for the key was written; `nil` when the key
  /// was resolved directly, not by a factory.
  case notRegistered(ServiceKey, chain: [ServiceKey], alternatives: [ServiceKey], requestedAt: SourceLocation?)
  /// The key depends on itself; the path starts and ends with the same key (`A -> B -> A`).
  ///
  /// `locations` holds where each member of the cycle was registered, in path order, once each: the last one is
  /// the registration whose factory closes the cycle.
  case cycle([ServiceKey], locations: [SourceLocation])
  /// The key was registered more than once without `override: true`; `registeredBy` names the assemblies and
  /// `locations` gives where each registration was written, in the same (registration) order.
  case ambiguous(ServiceKey, chain: [ServiceKey], registeredBy: [String], locations: [SourceLocation])
  /// The key's factory, registered at `location`, threw an error of its own.
  case factoryFailed(ServiceKey, chain: [ServiceKey], underlying: any Error, location: SourceLocation)

  /// The key the failure is about.
  public var key: ServiceKey {
    switch self {
    case .notRegistered(let key, _, _, _), .ambiguous(let key, _, _, _), .factoryFailed(let key, _, _, _): key
    case .cycle(let path, _): path.first ?? ServiceKey(typeName: "?")
    }
  }

  /// The resolves that led to the failure, outermost first, ending with `key`.
  public var chain: [ServiceKey] {
    switch self {
    case .notRegistered(_, let chain, _, _), .ambiguous(_, let chain, _, _), .factoryFailed(_, let chain, _, _):
      chain
    case .cycle(let path, _): path
    }
  }

  /// The line to fix: where the registration was written whose factory asked for a missing key, that closes a
  /// cycle, that registers a key once too often, or whose factory failed. `nil` only for a missing key that
  /// was resolved directly, not by a factory.
  public var location: SourceLocation? {
    switch self {
    case .notRegistered(_, _, _, let requestedAt): requestedAt
    case .cycle(_, let locations), .ambiguous(_, _, _, let locations): locations.last
    case .factoryFailed(_, _, _, let location): location
    }
  }

  /// A short title followed by indented detail lines, with where the registrations involved were written.
  public var description: String {
    let chainLine = "  chain: " + chain.map(\.description).joined(separator: " -> ")
    switch self {
    case .notRegistered(let key, let chain, let alternatives, let requestedAt):
      let asker = requestedAt.map { "\n  asked for by \(Self.requester(in: chain)), registered at \($0)" } ?? ""
      let others =
        alternatives.isEmpty
        ? "  nothing else is registered for \(key.typeName)"
        : "  registered for \(key.typeName): " + alternatives.map(\.description).joined(separator: ", ")
      let nameArgument = key.name.map { ", name: .\($0.rawValue)" } ?? ""
      return """
        No registration for \(key).
        \(chainLine)\(asker)
        \(others)
          fix: register it in an Assembly: registrar.register(\(key.typeName).self\(nameArgument)) { r in ... }
        """
    case .cycle(let path, let locations):
      let members = zip(path, locations).enumerated().map { index, member in
        let closing = index == locations.count - 1 ? ", closes the cycle by resolving \(path.last ?? member.0)" : ""
        return "\n  \(member.0) registered at \(member.1)\(closing)"
      }
      return """
        Dependency cycle: \(path.map(\.description).joined(separator: " -> ")).\(members.joined())
          fix: break the cycle, for example by injecting a Factory or by moving shared state into a third type.
        """
    case .ambiguous(let key, _, let assemblies, let locations):
      let places = zip(assemblies, locations).map { "\n  registered at \($1)" + Self.by($0) }
      return """
        \(key) is registered \(assemblies.count) times (by \(assemblies.joined(separator: ", "))).
        \(chainLine)\(places.joined())
          fix: keep one registration, or pass `override: true` to the one that should win.
        """
    case .factoryFailed(let key, _, let underlying, let location):
      return """
        The factory of \(key) failed: \(underlying)
        \(chainLine)
          registered at \(location)
        """
    }
  }

  /// The key whose factory asked for the last key of `chain`: the one before it.
  static func requester(in chain: [ServiceKey]) -> String {
    chain.count > 1 ? chain[chain.count - 2].description : "a factory"
  }
}
