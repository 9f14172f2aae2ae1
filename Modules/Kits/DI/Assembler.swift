/// Orders assemblies by their declared dependencies and runs them into one container.
///
/// Order is topological and deterministic: dependencies first, and among assemblies that do not depend
/// on each other, by name. Running has two phases, like Swinject's: every `assemble(into:)`, then every
/// `loaded(_:)`. Unlike Swinject, the order is derived, not taken from the array.
public struct Assembler: Sendable {
  /// The assemblies as given.
  public let assemblies: [any Assembly]

  /// Creates an assembler for `assemblies`, in any order.
  public init(_ assemblies: [any Assembly]) {
    self.assemblies = assemblies
  }

  /// The assemblies, dependencies first; throws on a duplicate, a missing dependency or a cycle.
  public func ordered() throws(AssemblyError) -> [any Assembly] {
    var byName: [String: any Assembly] = [:]
    for assembly in assemblies {
      let name = type(of: assembly).assemblyName
      guard byName[name] == nil else { throw .duplicate(name) }
      byName[name] = assembly
    }
    var order: [any Assembly] = []
    var done: Set<String> = []
    var path: [String] = []

    func visit(_ name: String) throws(AssemblyError) {
      if done.contains(name) { return }
      if let start = path.firstIndex(of: name) {
        throw .cycle(Array(path[start...]) + [name])
      }
      guard let assembly = byName[name] else {
        throw .missingDependency(assembly: path.last ?? name, dependency: name, path: path + [name])
      }
      path.append(name)
      for dependency in type(of: assembly).dependencies.map({ $0.assemblyName }).sorted() {
        try visit(dependency)
      }
      path.removeLast()
      done.insert(name)
      order.append(assembly)
    }

    for name in byName.keys.sorted() {
      try visit(name)
    }
    return order
  }

  /// Runs every assembly's `assemble(into:)`, then every `loaded(_:)`, and returns the container.
  public func assemble() throws(AssemblyError) -> Container {
    let ordered = try ordered()
    let registrar = Registrar()
    for assembly in ordered {
      registrar.currentAssembly = type(of: assembly).assemblyName
      assembly.assemble(into: registrar)
    }
    registrar.currentAssembly = nil
    let container = registrar.makeContainer()
    for assembly in ordered {
      do {
        try assembly.loaded(container)
      } catch {
        throw .loadFailed(assembly: type(of: assembly).assemblyName, underlying: error)
      }
    }
    return container
  }
}
