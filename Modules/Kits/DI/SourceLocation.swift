/// Where a registration was written: the `#fileID`, `#filePath` and `#line` of the `register` call.
///
/// Registrations record it through default arguments, so call sites stay as they are. It is kept in the
/// registration and read only to build errors, reports and graphs, never while resolving.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// `Module/File.swift`, as `#fileID` gives it.
  public let fileID: String
  /// The file's full path when it was compiled, as `#filePath` gives it; what editors and terminals open.
  public let filePath: String
  /// The line of the call.
  public let line: Int

  /// Creates a location; pass `#fileID`, `#filePath` and `#line` to record the caller's.
  public init(fileID: String, filePath: String, line: Int) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
  }

  /// The module that contains the file: the part of ``fileID`` before the `/` (`WeatherRepository`).
  public var module: String {
    guard let slash = fileID.firstIndex(of: "/") else { return "" }
    return String(fileID[..<slash])
  }

  /// The file's name without its folders (`WeatherRepositoryAssembly.swift`).
  public var fileName: String {
    let path = fileID.isEmpty ? filePath : fileID
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// `File.swift:42`: the file's name and the line.
  public var description: String { "\(fileName):\(line)" }

  /// `/full/path/File.swift:42`: the prefix of a compiler diagnostic at this location.
  public var diagnosticPrefix: String { "\(filePath):\(line)" }
}
