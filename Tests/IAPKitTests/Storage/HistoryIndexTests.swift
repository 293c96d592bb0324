import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit
@testable import IAPStorage

/// `history.index` saves the fold of the log for the next `history`, and is used
/// only when it checks out against the log.
@Suite struct HistoryIndexTests {
  let harness = TestHarness()
  var indexPath: String { harness.directory + "/.iap/history.index" }
  var logPath: String { harness.directory + "/.iap/transactions.log" }

  init() {
    // Kept for any log, so that a few purchases exercise it (1 MB otherwise).
    harness.variables["IAP_HISTORY_INDEX_FROM"] = "0"
  }

  func index() throws -> HistoryIndex {
    try #require(HistoryIndex.decode(Array(try Data(contentsOf: URL(fileURLWithPath: indexPath)))))
  }

  func save(_ index: HistoryIndex) throws {
    try Data(index.encode()).write(to: URL(fileURLWithPath: indexPath))
  }

  func ids() -> [String] {
    harness.run("history --json").json.transactions.compactMap { $0["id"]?.stringValue }
  }

  @Test func savedByHistoryAndCaughtUpWithWhatTheLogGainedSince() throws {
    harness.run("buy gems --finish")
    harness.run("buy sword")
    #expect(ids() == ["1", "2"])
    let first = try index()
    #expect(first.latest.count == 2 && first.end > 0)
    harness.run("finish 2")
    harness.run("buy shield")
    #expect(ids() == ["1", "2", "3"])
    let second = try index()
    #expect(second.end > first.end && second.latest.count == 3)
    #expect(harness.run("history").stdout.contains("#2  purchased  sword   2026-01-15T10:00:00Z  finished"))
    let attributes = try FileManager.default.attributesOfItem(atPath: indexPath)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  /// The saved fold is what `history` starts from: an index that checks out but lists
  /// nothing makes the transactions it covers disappear (which is why it must check out).
  @Test func aSavedIndexThatChecksOutIsUsed() throws {
    harness.run("buy gems --finish")
    _ = ids()
    var emptied = try index()
    emptied.latest = [:]
    try save(emptied)
    harness.run("buy sword")
    #expect(ids() == ["2"], "only what the log gained since the index was read")
  }

  /// Buys two products, then saves an index that checks out but places each transaction at
  /// the other's record.
  func saveMisplacingIndex() throws {
    harness.run("buy gems --finish")
    harness.run("buy sword --finish")
    _ = ids()
    var swapped = try index()
    let first = try #require(swapped.latest[1])
    swapped.latest[1] = swapped.latest[2]
    swapped.latest[2] = first
    try save(swapped)
  }

  /// An index that checks out but places a transaction at another's record (which only a
  /// rewrite of the log in place, past every check, could make) shows no wrong history: the
  /// command fails, drops the index, and the next one reads the log afresh.
  @Test func anIndexThatMisplacesARecordIsDroppedNotBelieved() throws {
    try saveMisplacingIndex()
    let result = harness.run("history")
    #expect(result.status == 74 && result.stderr.contains("the log changed while it was being read"))
    #expect(!FileManager.default.fileExists(atPath: indexPath))
    #expect(ids() == ["1", "2"])
  }

  /// A single transaction is looked up in the same index as `history` (one read
  /// of its record): an index that checks out but lacks it hides it from `refund` too.
  @Test func aSingleTransactionIsLookedUpInTheIndex() throws {
    harness.run("buy gems --finish")
    harness.run("buy sword --finish")
    _ = ids()
    var emptied = try index()
    emptied.latest[1] = nil
    try save(emptied)
    #expect(harness.run("refund 1").stderr.contains("unknown transaction"))
    #expect(harness.run("refund 2").status == 0)
  }

  /// A lookup through an index that places a transaction at another's record finds the
  /// record does not hold it: the index is dropped and the log read afresh, so the right
  /// transaction is refunded.
  @Test func aLookupThroughAMisplacingIndexReadsTheLogAfresh() throws {
    try saveMisplacingIndex()
    let result = harness.run("refund 1 --json")
    #expect(result.status == 0 && result.json.transactions.first?["productId"]?.stringValue == "gems")
    #expect(ids() == ["1", "2"])
  }

  /// An index of another file, covering more than the log holds, whose last record differs,
  /// or damaged is not used, and is written again.
  @Test func anIndexThatDoesNotCheckOutIsRebuilt() throws {
    harness.run("buy gems --finish")
    harness.run("buy sword")
    _ = ids()
    let real = try index()
    var emptied = real
    emptied.latest = [:]
    var otherFile = emptied
    otherFile.inode += 1
    var pastTheEnd = emptied
    pastTheEnd.end += 10
    var otherLast = emptied
    otherLast.last?.crc ^= 1
    var shiftedLast = emptied
    shiftedLast.last?.offset -= 1
    for (name, tampered) in [("other file", otherFile), ("past the end", pastTheEnd), ("last record", otherLast), ("shifted", shiftedLast)] {
      try save(tampered)
      #expect(ids() == ["1", "2"], "\(name)")
      #expect(try index().latest.count == 2, "\(name): rebuilt")
    }
    var bytes = real.encode()
    bytes[bytes.count / 2] ^= 0x40
    try Data(bytes).write(to: URL(fileURLWithPath: indexPath))
    #expect(HistoryIndex.decode(bytes) == nil, "its checksum catches the damage")
    #expect(ids() == ["1", "2"])
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: indexPath))
    #expect(ids() == ["1", "2"])
    #expect(try index().latest.count == 2)
  }

  /// `clear` and deletions are folded from the log like any record, whether before the
  /// saved index or after it.
  @Test func clearAndDeletionsAreHonoured() {
    harness.run("buy gems --finish")
    harness.run("buy sword --finish")
    harness.run("buy shield --account bob")
    #expect(ids() == ["1", "2"])
    harness.run("delete 1")
    #expect(ids() == ["2"])
    harness.run("clear")
    #expect(ids() == [])
    harness.run("buy gems")
    #expect(ids() == ["4"])
    #expect(harness.run("history --account bob --json").json.transactions.count == 1)
  }

  /// A write to the log that is not iap's own append makes the next command (any) read the
  /// whole log against its seal, and remove the index; so does a repair.
  @Test func removedWhenTheLogWasTouchedOrRepaired() throws {
    harness.run("buy gems --finish")
    harness.run("buy sword --finish")
    _ = ids()
    #expect(FileManager.default.fileExists(atPath: indexPath))
    // The same bytes written back in place: the log's change time moves.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: logPath))
    Thread.sleep(forTimeInterval: 0.02)
    try bytes.write(to: URL(fileURLWithPath: logPath))
    #expect(harness.run("queue").status == 0)
    #expect(!FileManager.default.fileExists(atPath: indexPath))
    #expect(ids() == ["1", "2"])
    #expect(FileManager.default.fileExists(atPath: indexPath))
    // Damage in the first record: refused until repaired, and the repair drops the index.
    bytes[10] ^= 0x01
    try bytes.write(to: URL(fileURLWithPath: logPath))
    #expect(harness.run("history").status == 74)
    #expect(harness.run("doctor --repair").status == 0)
    #expect(!FileManager.default.fileExists(atPath: indexPath))
    #expect(harness.run("history").status == 0)
    #expect(FileManager.default.fileExists(atPath: indexPath))
  }

  /// Whatever stands at `history.index` (a link to a file elsewhere, a FIFO, a folder) is
  /// neither followed nor read, and never makes `history` fail.
  @Test func somethingPlantedInItsPlaceIsNeitherFollowedNorFatal() throws {
    harness.run("buy gems --finish")
    let outside = harness.directory + "/outside"
    try Data("untouched".utf8).write(to: URL(fileURLWithPath: outside))
    let fm = FileManager.default
    try fm.createSymbolicLink(atPath: indexPath, withDestinationPath: outside)
    #expect(ids() == ["1"])
    #expect(try String(contentsOfFile: outside, encoding: .utf8) == "untouched")
    #expect(try index().latest.count == 1, "the link was replaced by an index")
    try fm.removeItem(atPath: indexPath)
    #expect(mkfifo(indexPath, 0o600) == 0)
    #expect(ids() == ["1"])
    try fm.removeItem(atPath: indexPath)
    try fm.createDirectory(atPath: indexPath, withIntermediateDirectories: false)
    #expect(ids() == ["1"])
    #expect(harness.run("history").status == 0)
    #expect(!(try fm.contentsOfDirectory(atPath: harness.directory + "/.iap").contains { $0.hasSuffix(".tmp") }), "no litter")
  }

  /// Without the variable, a log under 1 MB is read whole and leaves no file.
  @Test func smallLogsKeepNoIndex() {
    harness.variables["IAP_HISTORY_INDEX_FROM"] = nil
    harness.run("buy gems --finish")
    #expect(ids() == ["1"])
    #expect(!FileManager.default.fileExists(atPath: indexPath))
  }
}
