import Foundation
import Testing

@testable import IAPSystem

/// `FileStatus` is what `fstat`, `stat`, `lstat` and `fstatat` say, as a value: one file
/// seen through each is the same file, links are seen or followed as asked, and a failure is
/// its `Errno`.
@Suite struct FileStatusTests {
  let directory = NSTemporaryDirectory() + "iap-status-" + UUID().uuidString

  init() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  @Test func aFileSeenEachWayIsOneFile() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/data"
    try POSIXFile.writeAtomically(path, Array("hello".utf8))
    let fd = try POSIXFile.open(path, .readOnly)
    defer { POSIXFile.close(fd) }
    let open = try FileStatus(fd: fd)
    #expect(open.kind == .regular && open.size == 5 && open.linkCount == 1 && open.owner == geteuid())
    #expect(try FileStatus(path: path, followingLinks: false) == open)
    let folder = try #require(try Folder.open(directory, create: false))
    #expect(try FileStatus("data", in: folder).isSameFile(as: open))
    #expect(try FileStatus(path: directory, followingLinks: false).kind == .directory)
  }

  @Test func linksAreSeenOrFollowedAsAsked() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/data"
    try POSIXFile.writeAtomically(path, Array("hello".utf8))
    try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: path)
    let file = try FileStatus(path: path, followingLinks: false)
    let link = try FileStatus(path: directory + "/link", followingLinks: false)
    #expect(link.kind == .symbolicLink && !link.isSameFile(as: file))
    #expect(try FileStatus(path: directory + "/link", followingLinks: true).isSameFile(as: file))
    let folder = try #require(try Folder.open(directory, create: false))
    #expect(try FileStatus("link", in: folder).kind == .symbolicLink)
  }

  @Test func namesAreCountedAndAFailureIsItsErrno() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/data"
    try POSIXFile.writeAtomically(path, [])
    let fd = try POSIXFile.open(path, .readOnly)
    defer { POSIXFile.close(fd) }
    try FileManager.default.linkItem(atPath: path, toPath: directory + "/again")
    #expect(try FileStatus(fd: fd).linkCount == 2)
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.removeItem(atPath: directory + "/again")
    #expect(try FileStatus(fd: fd).linkCount == 0)
    #expect(throws: Errno.noSuchFile) { _ = try FileStatus(path: path, followingLinks: true) }
    #expect(throws: Errno.notDirectory) { _ = try FileStatus(path: "/dev/null/x", followingLinks: false) }
  }
}
