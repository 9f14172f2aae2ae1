/// Why an ``Assembler`` could not build a container.
public enum AssemblyError: Error, Sendable, CustomStringConvertible {
  /// `assembly` depends on `dependency`, which was not given; `path` leads from a given assembly to it.
  case missingDependency(assembly: String, dependency: String, path: [String])
  /// The assemblies depend on each other in a circle; the path starts and ends with the same assembly.
  case cycle([String])
  /// The same assembly type was given twice.
  case duplicate(String)
  /// An assembly's `loaded(_:)` threw.
  case loadFailed(assembly: String, underlying: any Error)

  /// A short title with what to do about it.
  public var description: String {
    switch self {
    case .missingDependency(let assembly, let dependency, let path):
      let route = path.count > 1 ? " (via \(path.joined(separator: " -> ")))" : ""
      return "\(assembly) depends on \(dependency), which is not among the assemblies given\(route). "
        + "Add \(dependency)() to the Assembler."
    case .cycle(let path):
      return "Assembly dependency cycle: \(path.joined(separator: " -> ")). Remove one of these dependencies."
    case .duplicate(let assembly):
      return "\(assembly) was given to the Assembler more than once."
    case .loadFailed(let assembly, let underlying):
      return "\(assembly) failed after loading: \(underlying)"
    }
  }
}
