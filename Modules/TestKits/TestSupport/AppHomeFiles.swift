import Foundation

/// The files a run of the app left in its home directory.
public enum AppHomeFiles {
  /// Every regular file under `home`, its subdirectories included (`locks/…`), as paths relative to it.
  public static func regularFiles(in home: URL) throws -> [String] {
    guard let walk = FileManager.default.enumerator(atPath: home.path) else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: home.path])
    }
    var files: [String] = []
    while let path = walk.nextObject() as? String {
      if walk.fileAttributes?[.type] as? FileAttributeType == .typeRegular { files.append(path) }
    }
    return files.sorted()
  }
}
