import Foundation
import Testing

@testable import IAPSystem

/// `FileLock` is `flock` on one open file: shared locks coexist, an exclusive one excludes
/// every other, a try that would wait says `.wouldBlock`, and a release or a close frees it.
@Suite struct FileLockTests {
  let path = NSTemporaryDirectory() + "iap-lock-" + UUID().uuidString

  /// Two opens of the lock file: `flock` locks belong to the open file, so these contend as
  /// two processes would.
  func twoOpens() throws -> (Int32, Int32) {
    (try POSIXFile.open(path, [.readWrite, .create]), try POSIXFile.open(path, .readWrite))
  }

  @Test func anExclusiveLockExcludesEveryOther() throws {
    defer { POSIXFile.removeFile(path) }
    let (a, b) = try twoOpens()
    defer { POSIXFile.close(b) }
    try FileLock.acquire(a, .exclusive)
    #expect(throws: Errno.wouldBlock) { try FileLock.acquire(b, .shared, wait: false) }
    #expect(throws: Errno.wouldBlock) { try FileLock.acquire(b, .exclusive, wait: false) }
    FileLock.release(a)
    try FileLock.acquire(b, .exclusive, wait: false)
    FileLock.release(b)
    try FileLock.acquire(a, .exclusive, wait: false)
    POSIXFile.close(a)
    try FileLock.acquire(b, .exclusive, wait: false)
  }

  @Test func sharedLocksCoexist() throws {
    defer { POSIXFile.removeFile(path) }
    let (a, b) = try twoOpens()
    defer { POSIXFile.close(a); POSIXFile.close(b) }
    try FileLock.acquire(a, .shared)
    try FileLock.acquire(b, .shared, wait: false)
    #expect(throws: Errno.wouldBlock) { try FileLock.acquire(a, .exclusive, wait: false) }
  }
}
