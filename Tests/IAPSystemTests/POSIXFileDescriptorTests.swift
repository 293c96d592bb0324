import Foundation
import Testing

@testable import IAPSystem

/// The calls on an open file and a path that the store's files make besides reads and
/// writes: `truncate`, `duplicate`, `removeFile` and `resolvedPath`.
@Suite struct POSIXFileDescriptorTests {
  let directory = NSTemporaryDirectory() + "iap-descriptor-" + UUID().uuidString

  init() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  @Test func truncateCutsAndExtends() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/log"
    try POSIXFile.writeAtomically(path, Array("one\ntwo\n".utf8))
    let fd = try POSIXFile.open(path, .readWrite)
    defer { POSIXFile.close(fd) }
    try POSIXFile.truncate(fd, to: 4, path: path)
    #expect(try POSIXFile.readIfExists(path) == Array("one\n".utf8))
    try POSIXFile.truncate(fd, to: 6, path: path)
    #expect(try POSIXFile.readIfExists(path) == Array("one\n".utf8) + [0, 0])
    let reader = try POSIXFile.open(path, .readOnly)
    defer { POSIXFile.close(reader) }
    #expect(throws: POSIXFileError(path: path, operation: "truncate", errno: Errno(rawValue: EINVAL))) {
      try POSIXFile.truncate(reader, to: 0, path: path)
    }
  }

  @Test func aDuplicateIsTheSameOpenFileClosedOnItsOwn() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/lock"
    let fd = try POSIXFile.open(path, [.readWrite, .create])
    let copy = try POSIXFile.duplicate(fd)
    let (copied, original) = (try FileStatus(fd: copy), try FileStatus(fd: fd))
    #expect(copy != fd && copied == original)
    try FileLock.acquire(fd, .exclusive)
    // The lock belongs to the open file, which the copy shares.
    try FileLock.acquire(copy, .exclusive, wait: false)
    POSIXFile.close(fd)
    let other = try POSIXFile.open(path, .readWrite)
    defer { POSIXFile.close(other) }
    #expect(throws: Errno.wouldBlock) { try FileLock.acquire(other, .exclusive, wait: false) }
    POSIXFile.close(copy)
    try FileLock.acquire(other, .exclusive, wait: false)
    #expect(throws: Errno(rawValue: EBADF)) { _ = try POSIXFile.duplicate(-1) }
  }

  @Test func removeFileAndResolvedPath() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/data"
    try POSIXFile.writeAtomically(path, [1])
    try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: path)
    let real = try #require(POSIXFile.resolvedPath(path))
    #expect(POSIXFile.resolvedPath(directory + "/link") == real)
    #expect(POSIXFile.resolvedPath(directory + "/./link") == real)
    POSIXFile.removeFile(path)
    #expect(!POSIXFile.exists(path))
    #expect(POSIXFile.resolvedPath(path) == nil)
    #expect(POSIXFile.canonicalPath(path) == path)
    POSIXFile.removeFile(path)
  }
}
