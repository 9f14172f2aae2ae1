import Foundation
import TestScheduling
import Testing

@testable import Infrastructure

/// The kernel's locks that let one sender at a time send a key's changes: lock files of their own under
/// `APP_HOME/locks`, held with `flock` per open file description.
@Suite(.untimed) struct ChangeLocksTests {
  let directory: TemporaryDirectory
  let locks: ChangeLocks

  init() throws {
    directory = try TemporaryDirectory()
    locks = ChangeLocks(directory: directory.url.appendingPathComponent("locks"))
  }

  @Test func aKeyIsHeldByOneHolderEvenWithinOneProcess() throws {
    let other = ChangeLocks(directory: locks.directory)
    let held = try #require(try locks.tryHold("stars octo/hello"))

    #expect(try other.tryHold("stars octo/hello") == nil, "another descriptor in this process is another holder")
    #expect(try locks.tryHold("stars octo/hello") == nil, "a second hold of the same object too")

    locks.release(held)
    let taken = try #require(try other.tryHold("stars octo/hello"))
    other.release(taken)
  }

  @Test func releasingEverythingLetsGoAsTheKernelDoesForADeadProcess() throws {
    _ = try #require(try locks.tryHold("stars octo/hello"))

    locks.releaseAll()

    #expect(try ChangeLocks(directory: locks.directory).tryHold("stars octo/hello") != nil)
  }

  @Test func theLockFilesAreTheirOwnModeSixHundredInLocks() throws {
    let held = try #require(try locks.tryHold("stars octo/hello"))
    defer { locks.release(held) }

    let file = locks.fileURL(for: "stars octo/hello")
    #expect(file.deletingLastPathComponent().lastPathComponent == "locks")
    #expect(file.lastPathComponent.hasPrefix("sending-") && file.pathExtension == "lock")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let folder = try FileManager.default.attributesOfItem(atPath: locks.directory.path)
    #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
  }

  @Test func aHomeWhereNoLockFileCanBeMadeIsReadOnlyAtOnce() throws {
    let readOnly = ChangeLocks(directory: URL(fileURLWithPath: "/proc/sys/locks", isDirectory: true))

    #expect(throws: StorageError.readOnly(path: "/proc/sys")) { try readOnly.tryHold("stars octo/hello") }
  }

  /// Only a home the app may not write to is read-only; a lock file that cannot be opened for another reason (no
  /// descriptor left, a full disk) says what the system said, and the home is not called read-only.
  @Test func aLockFileThatCannotBeOpenedForAnotherReasonSaysWhy() {
    let url = URL(fileURLWithPath: "/home/me/.app/locks/sending-a.lock")
    for code in [EACCES, EPERM, EROFS, ENOENT, ENOTDIR] {
      #expect(ChangeLocks.failure(url, code) == .readOnly(path: "/home/me/.app"))
    }
    #expect(
      ChangeLocks.failure(url, EMFILE)
        == .cannotOpen(path: url.path, reason: String(cString: strerror(EMFILE))))
    #expect(
      ChangeLocks.failure(url, ENOSPC)
        == .cannotOpen(path: url.path, reason: String(cString: strerror(ENOSPC))))
  }
}
