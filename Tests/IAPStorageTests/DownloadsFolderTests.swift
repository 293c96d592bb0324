import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct DownloadsFolderTests {
  let temporary = TemporaryFolder()
  var folder: DownloadsFolder { DownloadsFolder(state: StateDirectory(path: temporary.directory + "/.iap")) }

  func status(_ id: String, _ state: DownloadState) -> DownloadStatus {
    DownloadStatus(productId: id, transactionId: 1, account: "default", device: "default", content: "c/\(id)", state: state)
  }

  @Test func statusesAreSavedAtomicallyAndReadBack() throws {
    #expect(try folder.status("levels") == nil)
    #expect(try folder.statuses().isEmpty)
    try folder.withStoreLock(exclusive: true) { () throws(StateError) in
      try folder.save(status("levels", .paused))
      try folder.save(status("a.json", .active))
    }
    #expect(try folder.status("levels")?.state == .paused)
    #expect(try folder.statuses().map(\.productId) == ["a.json", "levels"], "no product id clashes with another's files")
    #expect(!temporary.exists(".iap/downloading/levels.json.tmp"))
    #expect(folder.contentPath("levels") == temporary.directory + "/.iap/downloads/levels")
  }

  @Test func anUnreadableStatusIs74AndLeftAlone() {
    temporary.write(".iap/downloading/levels.json", "{")
    #expect(throws: StateError.self) { try folder.status("levels") }
    do {
      _ = try folder.status("levels")
    } catch {
      let unreadable = if case .unreadable = error { true } else { false }
      #expect(unreadable, "an unreadable status is the state's failure, not \(error)")
    }
    #expect(temporary.read(".iap/downloading/levels.json") == "{")
    temporary.write(".iap/downloading/other.json", JSONWriter.compact(DownloadStatusRecord.encode(status("levels", .active))))
    #expect(throws: StateError.unreadable(path: temporary.directory + "/.iap/downloading/other.json", reason: "it is about 'levels'")) {
      try folder.status("other")
    }
  }

  @Test func aClaimIsSeenByProbesAndReleasedWithItsDescriptor() throws {
    #expect(!folder.isRunning("levels"), "nothing claimed yet")
    let claim = try folder.claim("levels")
    #expect(claim != nil)
    #expect(folder.isRunning("levels"))
    #expect(try folder.claim("levels") == nil, "one process at a time")
    close(claim!)
    #expect(!folder.isRunning("levels"))
    let again = try folder.claim("levels")
    #expect(again != nil)
    close(again!)
  }
}
