import IAPFormats
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct DownloadViewTests {
  func status(bytes: Int, total: Int = 3_100_000, state: DownloadState = .active) -> DownloadStatus {
    DownloadStatus(
      productId: "levels", transactionId: 1, account: "default", device: "default", content: "content/levels", state: state,
      bytes: bytes, entries: [ContentEntry(path: "big.bin", size: total, sha256: String(repeating: "0", count: 64))])
  }

  @Test func sizesReadInPowersOf1000() {
    #expect(DownloadView.byteCount(0) == "0 B")
    #expect(DownloadView.byteCount(999) == "999 B")
    #expect(DownloadView.byteCount(1000) == "1.0 KB")
    #expect(DownloadView.byteCount(1_440_000) == "1.4 MB")
    #expect(DownloadView.byteCount(999_999) == "1.0 MB")
    #expect(DownloadView.byteCount(3_000_000_000) == "3.0 GB")
  }

  @Test func timeLeftIsRoundedUp() {
    #expect(DownloadView.duration(0) == "0s")
    #expect(DownloadView.duration(1.2) == "2s")
    #expect(DownloadView.duration(185) == "3m05s")
    #expect(DownloadView.duration(3725) == "1h02m")
  }

  @Test func theBarShowsPercentageBytesAndTimeLeft() {
    #expect(DownloadView.bar(status(bytes: 1_395_000), secondsRemaining: 1.7, width: 20)
      == "levels  [#########-----------]   45%  1.4 MB / 3.1 MB  2s left")
    #expect(DownloadView.bar(status(bytes: 3_100_000), secondsRemaining: 0, width: 10) == "levels  [##########]  100%  3.1 MB / 3.1 MB  0s left")
    #expect(DownloadView.bar(status(bytes: 0), secondsRemaining: nil, note: "paused", width: 4) == "levels  [----]    0%  0 B / 3.1 MB  paused")
  }

  @Test func statusLinesSayInterruptedForAnActiveDownloadNoProcessRuns() {
    let lines = DownloadView.lines([
      DownloadView.Shown(status: status(bytes: 1_550_000)),
      DownloadView.Shown(status: status(bytes: 1_550_000), running: true),
      DownloadView.Shown(status: status(bytes: 3_100_000, state: .finished), path: "/s/downloads/levels"),
    ])
    #expect(lines == [
      "levels  interrupted   50%  1.6 MB / 3.1 MB  transaction #1",
      "levels  active        50%  1.6 MB / 3.1 MB  transaction #1",
      "levels  finished     100%  3.1 MB / 3.1 MB  transaction #1  /s/downloads/levels",
    ])
  }

  @Test func eventsAreCompactObjectsWithTheCommonFieldsFirst() {
    #expect(DownloadView.event("progress", status(bytes: 10, total: 40), [("secondsRemaining", .double(1.5))])
      == #"{"event":"progress","productId":"levels","transactionId":"1","bytes":10,"total":40,"percent":25,"secondsRemaining":1.5}"#)
  }
}
