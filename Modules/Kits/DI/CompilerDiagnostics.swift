extension ResolutionError {
  /// The problem on one line, as the message of a compiler diagnostic: what is wrong, the chain, and what to
  /// look at instead.
  ///
  /// A missing key's message names the key, the chain that asked for it, and what the same type is registered
  /// under otherwise; a cycle's, its path and where its other members were registered; a duplicate's, where
  /// the key was registered before.
  public var diagnosticMessage: String {
    let chainText = chain.map(\.description).joined(separator: " -> ")
    switch self {
    case .notRegistered(let key, let chain, let alternatives, let requestedAt):
      let subject =
        requestedAt == nil
        ? "nothing registers \(key)"
        : "\(Self.requester(in: chain)) needs \(key), which nothing registers"
      let others =
        alternatives.isEmpty
        ? "nothing else is registered for \(key.typeName)"
        : "registered for \(key.typeName): " + alternatives.map(\.description).joined(separator: ", ")
      return "\(subject); chain: \(chainText); \(others)"
    case .cycle(let path, let locations):
      let closer = path.count > 1 ? path[path.count - 2].description : key.description
      let others = zip(path, locations).dropLast().map { "\($0) registered at \($1)" }
      let members = others.isEmpty ? "" : "; " + others.joined(separator: ", ")
      return "dependency cycle: \(chainText); \(closer) closes it by resolving \(key)\(members)"
    case .ambiguous(let key, _, let assemblies, let locations):
      let earlier = zip(assemblies, locations).dropLast().map { "\($1)" + Self.by($0) }
      return "\(key) is registered \(locations.count) times; also registered at \(earlier.joined(separator: ", ")); "
        + "keep one registration, or pass `override: true` to the one that should win"
    case .factoryFailed(let key, _, let underlying, _):
      let reason = "\(underlying)".split(whereSeparator: \.isNewline).joined(separator: " ")
      return "the factory of \(key) failed: \(reason); chain: \(chainText)"
    }
  }

  /// ` (by Assembly)`, or nothing for a registration made outside any assembly.
  static func by(_ assembly: String) -> String {
    assembly == Registrar.noAssembly ? "" : " (by \(assembly))"
  }

  /// The problem as one compiler diagnostic, `<filePath>:<line>: error: <message>`, at ``location``; terminals
  /// and editors jump to it. Without a location (a missing key resolved directly), `error: <message>`.
  public var compilerDiagnostic: String {
    guard let location else { return "error: \(diagnosticMessage)" }
    return "\(location.diagnosticPrefix): error: \(diagnosticMessage)"
  }
}

extension ValidationReport {
  /// Every problem as a compiler diagnostic, one line each, in the order of ``problems``; empty when the graph
  /// is sound.
  ///
  /// Each line is `<filePath>:<line>: error: <message>`, at the registration to fix (for a missing key, the one
  /// whose factory asked for it). A build tool prints them to standard error and fails when there are any:
  /// ```swift
  /// for line in report.compilerDiagnostics() { print(line, to: &standardError) }
  /// ```
  public func compilerDiagnostics() -> [String] {
    problems.map(\.compilerDiagnostic)
  }
}
