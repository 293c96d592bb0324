import Testing

@testable import IAPCore

@Suite struct DownloadStatusTests {
  let status = DownloadStatus(
    productId: "levels", transactionId: 1, account: "default", device: "default", content: "content/levels", state: .active,
    entries: [
      ContentEntry(path: "a.txt", size: 10, sha256: String(repeating: "0", count: 64)),
      ContentEntry(path: "empty", size: 0, sha256: String(repeating: "1", count: 64)),
      ContentEntry(path: "sub", isDirectory: true),
      ContentEntry(path: "sub/b.bin", size: 30, sha256: String(repeating: "2", count: 64)),
    ])

  @Test func totalsFilesOnly() {
    #expect(status.total == 40)
    #expect(status.files.map(\.path) == ["a.txt", "empty", "sub/b.bin"])
  }

  @Test func aByteCountIsAFileAndAnOffset() {
    #expect(status.position(of: 0) == (0, 0))
    #expect(status.position(of: 9) == (0, 9))
    // The end of a file is the start of the next one with bytes; an empty file has none.
    #expect(status.position(of: 10) == (2, 0))
    #expect(status.position(of: 39) == (2, 29))
    #expect(status.position(of: 40) == (3, 0))
  }

  @Test func percentIsRoundedDownSoThat100MeansComplete() {
    var s = status
    s.bytes = 39
    #expect(s.percent == 97)
    s.bytes = 40
    #expect(s.percent == 100)
    var empty = DownloadStatus(productId: "x", transactionId: 1, account: "a", device: "d", content: "x", state: .active)
    #expect(empty.percent == 0)
    empty.state = .finished
    #expect(empty.percent == 100)
  }

  @Test func onlyFinishedAndCancelledDownloadsLetATransactionBeFinished() {
    #expect(DownloadState.allCases.filter(\.allowsFinishing) == [.finished, .cancelled])
  }
}
