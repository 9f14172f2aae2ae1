/// The result of ``Container/validate()``: every problem found, and the dependency edges seen.
public struct ValidationReport: Sendable, CustomStringConvertible {
  /// Every registered key, sorted.
  public let keys: [ServiceKey]
  /// Every problem, each once: missing registrations, cycles, duplicates and failing factories.
  public let problems: [ResolutionError]
  /// Who depends on whom, as recorded while every registration was resolved.
  public let edges: [DependencyEdge]
  /// Where each of ``keys`` was registered, in the same order (for a duplicate, its last registration). An array
  /// built alongside the keys, so validating costs no extra hashing; ``location(of:)`` looks one up.
  let registeredAt: [SourceLocation]

  /// Whether no problem was found.
  public var isValid: Bool { problems.isEmpty }

  /// Where `key` was registered (for a duplicate, its last registration), or `nil` if nothing registers it.
  public func location(of key: ServiceKey) -> SourceLocation? {
    keys.firstIndex(of: key).map { registeredAt[$0] }
  }

  /// The keys that something needs but nothing registers.
  public var missingKeys: [ServiceKey] {
    let registered = Set(keys)
    return Set(edges.filter { !$0.isOptional }.map(\.to)).subtracting(registered).sorted()
  }

  /// The keys that something could use but nothing registers, and that nothing needs: fine, and drawn so.
  public var absentOptionalKeys: [ServiceKey] {
    let registered = Set(keys)
    return Set(edges.filter(\.isOptional).map(\.to)).subtracting(registered).subtracting(missingKeys).sorted()
  }

  /// A summary line, then each problem, numbered, with where the registrations involved were written.
  public var description: String {
    guard !problems.isEmpty else {
      return "OK: \(keys.count) registrations, \(edges.count) dependencies, no problems."
    }
    let noun = problems.count == 1 ? "problem" : "problems"
    var lines = ["\(problems.count) \(noun) in \(keys.count) registrations:"]
    for (index, problem) in problems.enumerated() {
      let text = problem.description.split(separator: "\n", omittingEmptySubsequences: false)
      lines.append("\(index + 1). \(text.first ?? "")")
      lines.append(contentsOf: text.dropFirst().map { "  \($0)" })
    }
    return lines.joined(separator: "\n")
  }
}

/// An edge of the dependency graph: `from`'s factory resolves `to`.
public struct DependencyEdge: Hashable, Sendable, Comparable {
  /// The dependent.
  public let from: ServiceKey
  /// The dependency.
  public let to: ServiceKey
  /// Whether `from` does without `to` when nothing registers it (``Resolver/resolveIfRegistered(_:name:)``).
  public let isOptional: Bool

  /// Creates an edge.
  public init(from: ServiceKey, to: ServiceKey, isOptional: Bool = false) {
    self.from = from
    self.to = to
    self.isOptional = isOptional
  }

  /// Orders by dependent, then dependency.
  public static func < (lhs: DependencyEdge, rhs: DependencyEdge) -> Bool {
    (lhs.from.description, lhs.to.description) < (rhs.from.description, rhs.to.description)
  }
}

extension Container {
  /// Resolves every registration once, with edges recorded, and reports all problems together.
  ///
  /// Factories are called as in a normal resolve, so they must do no I/O (the project's rule for
  /// constructors). Singletons are built at most once: one already built is not built again, and one
  /// built here is the one later resolves get.
  public func validate() -> ValidationReport {
    let recorder = ValidationRecorder()
    var problems: [ResolutionError] = []
    var seen: Set<String> = []
    // Sorted by description, computed once per key: comparing keys builds both descriptions every time.
    let sorted = registrations.values.map { ($0.key.description, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    for registration in sorted {
      guard let problem = registration.probe(in: self, recorder: recorder) else { continue }
      if seen.insert(Self.identity(of: problem)).inserted {
        problems.append(problem)
      }
    }
    let edges = recorder.recorded.flatMap { from, dependencies in
      dependencies.keys.map { DependencyEdge(from: from, to: $0, isOptional: dependencies.optional.contains($0)) }
    }
    let sortedEdges = Set(edges).map { (($0.from.description, $0.to.description), $0) }.sorted { $0.0 < $1.0 }
    return ValidationReport(
      keys: sorted.map(\.key), problems: problems.sorted(by: Self.problemOrder), edges: sortedEdges.map(\.1),
      registeredAt: sorted.map(\.location))
  }

  /// What makes two reports of one problem the same: the key, or for a cycle its members.
  private static func identity(of problem: ResolutionError) -> String {
    switch problem {
    case .notRegistered(let key, _, _, _): "missing \(key)"
    case .ambiguous(let key, _, _, _): "duplicate \(key)"
    case .factoryFailed(let key, _, _, _): "failed \(key)"
    case .cycle(let path, _): "cycle " + Set(path.map(\.description)).sorted().joined(separator: ",")
    }
  }

  private static func problemOrder(_ lhs: ResolutionError, _ rhs: ResolutionError) -> Bool {
    identity(of: lhs) < identity(of: rhs)
  }
}
