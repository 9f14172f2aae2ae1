import Foundation

/// The remotes of the git repository a directory is in, read from the repository's config file, as `gh` finds the
/// repo to view when given none: what `app search view` with no argument views.
enum GitRemotes {
  /// The URLs of the remotes of the repository `directory` is in, `origin` first, then in the file's order; empty
  /// outside a git repository or when its config cannot be read.
  static func urls(from directory: String = FileManager.default.currentDirectoryPath) -> [String] {
    guard let config = configFile(from: directory), let text = try? String(contentsOfFile: config, encoding: .utf8)
    else { return [] }
    var remotes: [(name: String, url: String)] = []
    var remote: String?
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("[") {
        // [remote "origin"]
        let header = line.dropFirst().prefix { $0 != "]" }
        let parts = header.split(separator: " ", maxSplits: 1)
        remote =
          parts.count == 2 && parts[0].lowercased() == "remote"
          ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
        continue
      }
      guard let name = remote, let equals = line.firstIndex(of: "=") else { continue }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      if key == "url", !value.isEmpty { remotes.append((name, value)) }
    }
    return remotes.filter { $0.name == "origin" }.map(\.url) + remotes.filter { $0.name != "origin" }.map(\.url)
  }

  /// The config file of the repository `directory` is in: `.git/config` in it or a folder above it; for a
  /// worktree or a submodule, whose `.git` is a file naming the git folder, that folder's (or its common one's).
  private static func configFile(from directory: String) -> String? {
    var folder = URL(fileURLWithPath: directory).standardizedFileURL
    let fileManager = FileManager.default
    while true {
      let git = folder.appendingPathComponent(".git")
      var isDirectory: ObjCBool = false
      if fileManager.fileExists(atPath: git.path, isDirectory: &isDirectory) {
        if isDirectory.boolValue { return git.appendingPathComponent("config").path }
        guard let pointer = try? String(contentsOf: git, encoding: .utf8), pointer.hasPrefix("gitdir:") else {
          return nil
        }
        let path = pointer.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
        let gitFolder = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
        if let common = try? String(contentsOf: gitFolder.appendingPathComponent("commondir"), encoding: .utf8) {
          let commonFolder = URL(
            fileURLWithPath: common.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: gitFolder)
          return commonFolder.standardizedFileURL.appendingPathComponent("config").path
        }
        return gitFolder.appendingPathComponent("config").path
      }
      let parent = folder.deletingLastPathComponent()
      guard parent.path != folder.path else { return nil }
      folder = parent
    }
  }
}
