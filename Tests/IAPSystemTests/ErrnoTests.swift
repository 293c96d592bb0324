import Foundation
import Testing

@testable import IAPSystem

/// `Errno` names the numbers callers compare with, reads `errno` as a failed call left it,
/// and says it in the system's words.
@Suite struct ErrnoTests {
  @Test func namesAreTheSystemsNumbers() {
    let pairs: [(Errno, Int32)] = [
      (.noSuchFile, ENOENT), (.notDirectory, ENOTDIR), (.fileExists, EEXIST), (.directoryNotEmpty, ENOTEMPTY),
      (.interrupted, EINTR), (.wouldBlock, EWOULDBLOCK), (.permissionDenied, EACCES), (.notPermitted, EPERM),
      (.readOnlyFileSystem, EROFS),
    ]
    for (named, number) in pairs { #expect(named.rawValue == number) }
    #expect(Errno.noSuchFile.description == String(cString: strerror(ENOENT)))
  }

  @Test func currentIsTheLastFailedCallsError() throws {
    let missing = NSTemporaryDirectory() + "iap-errno-" + UUID().uuidString
    #expect(throws: Errno.noSuchFile) { _ = try FileStatus(path: missing, followingLinks: true) }
    #expect(open(missing, O_RDONLY) == -1)
    #expect(Errno.current == .noSuchFile)
  }

  @Test func aFileErrorCarriesItByName() {
    let error = POSIXFileError(path: "/x", operation: "open", errno: .fileExists)
    #expect(error.code == EEXIST && error.errno == .fileExists)
    #expect(error.description == "open /x: \(Errno.fileExists)")
  }
}
