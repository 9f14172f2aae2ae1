/// A format for ``ValidationReport/graph(format:)``.
public enum GraphFormat: String, Sendable, CaseIterable {
  /// Graphviz DOT.
  case dot
  /// A Mermaid flowchart.
  case mermaid
}

extension ValidationReport {
  /// The dependency graph as text; missing keys are drawn dashed.
  public func graph(format: GraphFormat) -> String {
    switch format {
    case .dot: dot()
    case .mermaid: mermaid()
    }
  }

  private var nodes: [ServiceKey] {
    Set(keys).union(edges.map(\.to)).sorted()
  }

  private func dot() -> String {
    func quoted(_ key: ServiceKey) -> String {
      "\"" + escaped(key.description, ["\\": "\\\\", "\"": "\\\""]) + "\""
    }
    var lines = ["digraph dependencies {", "  rankdir=LR;", "  node [shape=box];"]
    for key in missingKeys {
      lines.append("  \(quoted(key)) [style=dashed, color=red];")
    }
    for edge in edges {
      lines.append("  \(quoted(edge.from)) -> \(quoted(edge.to));")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private func mermaid() -> String {
    let nodes = nodes
    let ids = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1, "n\($0)") })
    let missing = Set(missingKeys)
    func label(_ key: ServiceKey) -> String {
      escaped(key.description, ["\"": "#quot;", "<": "#lt;", ">": "#gt;"])
    }
    var lines = ["flowchart LR"]
    for key in nodes {
      lines.append("  \(ids[key] ?? "")[\"\(label(key))\"]")
    }
    for edge in edges {
      let arrow = missing.contains(edge.to) ? "-.->" : "-->"
      lines.append("  \(ids[edge.from] ?? "") \(arrow) \(ids[edge.to] ?? "")")
    }
    if !missing.isEmpty {
      lines.append("  classDef missing stroke-dasharray: 5 5,stroke:#c00")
      lines.append("  class " + missing.sorted().compactMap { ids[$0] }.joined(separator: ",") + " missing")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` with each character in `replacements` replaced by its entry.
  private func escaped(_ text: String, _ replacements: [Character: String]) -> String {
    var result = ""
    for character in text {
      if let replacement = replacements[character] {
        result += replacement
      } else {
        result.append(character)
      }
    }
    return result
  }
}
