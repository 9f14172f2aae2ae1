/// A format for ``ValidationReport/graph(format:)``.
public enum GraphFormat: String, Sendable, CaseIterable {
  /// Graphviz DOT.
  case dot
  /// A Mermaid flowchart.
  case mermaid
}

extension ValidationReport {
  /// The dependency graph as text, each registered key inside a cluster of the module that registered it.
  ///
  /// The module is the part of the registration's `#fileID` before the `/`, so the picture shows each
  /// feature's layers and the shared kits. Missing keys stand outside every cluster, drawn dashed in red; a
  /// dependency that may be absent (``Resolver/resolveIfRegistered(_:name:)``) has a dashed edge, and its key,
  /// when nothing registers it, stands outside too, dashed in grey.
  public func graph(format: GraphFormat) -> String {
    switch format {
    case .dot: dot()
    case .mermaid: mermaid()
    }
  }

  private var nodes: [ServiceKey] {
    Set(keys).union(edges.map(\.to)).sorted()
  }

  /// The registered keys by the module that registered them, modules in name order, keys sorted.
  private var modules: [(module: String, keys: [ServiceKey])] {
    var byModule: [String: [ServiceKey]] = [:]
    for (key, location) in zip(keys, registeredAt) {
      byModule[location.module, default: []].append(key)
    }
    return byModule.keys.sorted().map { ($0, (byModule[$0] ?? []).sorted()) }
  }

  private func dot() -> String {
    func quoted(_ text: String) -> String {
      "\"" + escaped(text, ["\\": "\\\\", "\"": "\\\"", "\n": "\\n"]) + "\""
    }
    var lines = ["digraph dependencies {", "  rankdir=LR;", "  node [shape=box];"]
    for (module, keys) in modules {
      lines.append("  subgraph cluster_\(identifier(module)) {")
      lines.append("    label=\(quoted(module));")
      for key in keys {
        lines.append("    \(quoted(key.description));")
      }
      lines.append("  }")
    }
    for key in missingKeys {
      lines.append("  \(quoted(key.description)) [style=dashed, color=red];")
    }
    for key in absentOptionalKeys {
      lines.append("  \(quoted(key.description)) [style=dashed, color=gray];")
    }
    for edge in edges {
      let style = edge.isOptional ? " [style=dashed]" : ""
      lines.append("  \(quoted(edge.from.description)) -> \(quoted(edge.to.description))\(style);")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private func mermaid() -> String {
    let nodes = nodes
    let ids = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1, "n\($0)") })
    let missing = Set(missingKeys)
    let absent = Set(absentOptionalKeys)
    func label(_ text: String) -> String {
      "[\"" + escaped(text, ["\"": "#quot;", "<": "#lt;", ">": "#gt;", "\n": " "]) + "\"]"
    }
    var lines = ["flowchart LR"]
    for (module, keys) in modules {
      let id = mermaidSubgraphID(module)
      lines.append("  subgraph \(id)" + (id == module ? "" : label(module)))
      for key in keys {
        lines.append("    \(ids[key] ?? "")\(label(key.description))")
      }
      lines.append("  end")
    }
    for key in nodes where missing.contains(key) || absent.contains(key) {
      lines.append("  \(ids[key] ?? "")\(label(key.description))")
    }
    for edge in edges {
      let arrow = edge.isOptional || missing.contains(edge.to) ? "-.->" : "-->"
      lines.append("  \(ids[edge.from] ?? "") \(arrow) \(ids[edge.to] ?? "")")
    }
    if !missing.isEmpty {
      lines.append("  classDef missing stroke-dasharray: 5 5,stroke:#c00")
      lines.append("  class " + missing.sorted().compactMap { ids[$0] }.joined(separator: ",") + " missing")
    }
    if !absent.isEmpty {
      lines.append("  classDef absent stroke-dasharray: 5 5,stroke:#888")
      lines.append("  class " + absent.sorted().compactMap { ids[$0] }.joined(separator: ",") + " absent")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` reduced to ASCII letters, digits and `_`, so it can follow `cluster_` in a DOT id.
  private func identifier(_ text: String) -> String {
    let kept = text.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? String($0) : "_" }.joined()
    return kept.isEmpty ? "_" : kept
  }

  /// A Mermaid subgraph id for `module`: the module's name when it is a plain identifier that clashes with no
  /// node id (`n0`) or keyword, otherwise a sanitized one with a `module_` prefix (the name is then its label).
  private func mermaidSubgraphID(_ module: String) -> String {
    let plain = identifier(module)
    let keywords: Set<String> = ["end", "graph", "subgraph", "flowchart", "class", "classDef", "style", "click"]
    let isNodeID = plain.first == "n" && plain.dropFirst().allSatisfy(\.isNumber)
    let isPlain = plain == module && plain.first?.isLetter == true && !isNodeID && !keywords.contains(plain)
    return isPlain ? plain : "module_" + plain
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
