/// Why a resolve failed: the key, the chain of resolves that led to it, and what would fix it.
///
/// The container never crashes on a caller's mistake; every failure is one of these cases.
public enum ResolutionError: Error, Sendable, CustomStringConvertible {
  /// Nothing is registered under the key; `alternatives` are the same type's registrations under other names.
  case notRegistered(ServiceKey, chain: [ServiceKey], alternatives: [ServiceKey])
  /// The key depends on itself; the path starts and ends with the same key (`A -> B -> A`).
  case cycle([ServiceKey])
  /// The key was registered more than once without `override: true`; `registeredBy` names the assemblies.
  case ambiguous(ServiceKey, chain: [ServiceKey], registeredBy: [String])
  /// The key's factory threw an error of its own.
  case factoryFailed(ServiceKey, chain: [ServiceKey], underlying: any Error)

  /// The key the failure is about.
  public var key: ServiceKey {
    switch self {
    case .notRegistered(let key, _, _), .ambiguous(let key, _, _), .factoryFailed(let key, _, _): key
    case .cycle(let path): path.first ?? ServiceKey(typeName: "?")
    }
  }

  /// The resolves that led to the failure, outermost first, ending with `key`.
  public var chain: [ServiceKey] {
    switch self {
    case .notRegistered(_, let chain, _), .ambiguous(_, let chain, _), .factoryFailed(_, let chain, _): chain
    case .cycle(let path): path
    }
  }

  /// A short title followed by indented detail lines.
  public var description: String {
    let chainLine = "  chain: " + chain.map(\.description).joined(separator: " -> ")
    switch self {
    case .notRegistered(let key, _, let alternatives):
      let others =
        alternatives.isEmpty
        ? "  nothing else is registered for \(key.typeName)"
        : "  registered for \(key.typeName): " + alternatives.map(\.description).joined(separator: ", ")
      let nameArgument = key.name.map { ", name: .\($0.rawValue)" } ?? ""
      return """
        No registration for \(key).
        \(chainLine)
        \(others)
          fix: register it in an Assembly: registrar.register(\(key.typeName).self\(nameArgument)) { r in ... }
        """
    case .cycle(let path):
      return """
        Dependency cycle: \(path.map(\.description).joined(separator: " -> ")).
          fix: break the cycle, for example by injecting a Factory or by moving shared state into a third type.
        """
    case .ambiguous(let key, _, let assemblies):
      return """
        \(key) is registered \(assemblies.count) times (by \(assemblies.joined(separator: ", "))).
        \(chainLine)
          fix: keep one registration, or pass `override: true` to the one that should win.
        """
    case .factoryFailed(let key, _, let underlying):
      return """
        The factory of \(key) failed: \(underlying)
        \(chainLine)
        """
    }
  }
}
