import Foundation
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPStorage

/// Damage in the part of the log that store.json covers would go unseen by `queue` and
/// `buy` (which read only the log beyond it), and a log cut mid-record would be truncated
/// at the next write, its lost id given again. The seal in the lock file
/// (`LogSeal`) makes any change iap did not make show, so the log is then read whole.
@Suite struct LogSealTests {
  let harness = TestHarness()
  var state: String { harness.directory + "/.iap" }
  var log: String { state + "/transactions.log" }

  func logBytes() throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: log))) }
  func writeLog(_ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: log)) }

  /// Purchases until store.json covers the first records (it is rewritten every 8 KB of log).
  func buyUntilTheSnapshotCovers() throws {
    var n = 0
    while (try? Data(contentsOf: URL(fileURLWithPath: state + "/store.json"))) == nil || n < 2 {
      #expect(harness.run("buy gems --finish").status == 0)
      n += 1
      try #require(n < 200)
    }
  }

  @Test func aFlippedNewlineInTheCoveredPartStopsWritesAndReads() throws {
    try buyUntilTheSnapshotCovers()
    var bytes = try logBytes()
    bytes[bytes.firstIndex(of: UInt8(ascii: "\n"))!] = UInt8(ascii: "x")
    try writeLog(bytes)
    let buy = harness.run("buy gems")
    #expect(buy.status == 74)
    #expect(buy.stderr.contains("transactions.log is damaged at byte 0"), "\(buy.stderr)")
    #expect(try logBytes() == bytes, "nothing is appended to a damaged log")
    #expect(harness.run("queue").status == 74)
  }

  @Test func aChangedByteOfTheSameLengthIsSeen() throws {
    try buyUntilTheSnapshotCovers()
    var bytes = try logBytes()
    let at = bytes.firstIndex(of: UInt8(ascii: "g"))!
    bytes[at] = UInt8(ascii: "h")
    try writeLog(bytes)
    let recordStart = (bytes[..<at].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    let queue = harness.run("queue")
    #expect(queue.status == 74)
    #expect(queue.stderr.contains("transactions.log is damaged at byte \(recordStart) (its checksum does not match)"), "\(queue.stderr)")
    #expect(queue.stderr.hasSuffix("until it is repaired (iap doctor --repair)\n"), "names the fix")
    #expect(harness.run("history").stderr.contains("(iap doctor --repair)"))
  }

  @Test func aLogCutMidRecordIsDamageAndItsIdIsNeverGivenAgain() throws {
    for _ in 0..<3 { #expect(harness.run("buy gems --finish").status == 0) }
    var bytes = try logBytes()
    // Cut the last record (transaction 3) in half.
    let lastStart = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1
    bytes.removeLast((bytes.count - lastStart) / 2)
    try writeLog(bytes)
    let buy = harness.run("buy gems --json")
    #expect(buy.status == 74)
    #expect(buy.stderr.contains("records were cut off"), "\(buy.stderr)")
    #expect(try logBytes() == bytes, "the cut record is not truncated away by a write")
    let doctor = harness.run("doctor")
    #expect(doctor.status == 74)
    #expect(doctor.stdout.contains("records were cut off"))
    let repair = harness.run("doctor --repair")
    #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
    #expect(repair.stdout.contains("transactions.log.damaged-1"))
    #expect(harness.run("history --json").json.transactions.count == 2)
    let next = harness.run("buy gems --finish --json")
    #expect(next.status == 0)
    #expect(next.json.transactions.last?["id"] == .string("4"), "id 3 was reported once: it is not given again")
  }

  @Test func aTornTailAfterTheSealIsACrashNotDamage() throws {
    #expect(harness.run("buy gems --finish").status == 0)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    handle.seekToEndOfFile()
    handle.write(Data(#"{"id":"2","origi"#.utf8))
    try handle.close()
    #expect(harness.run("queue").status == 0)
    #expect(harness.run("buy gems --finish --json").json.transactions.last?["id"] == .string("2"))
    #expect(harness.run("doctor").status == 0)
  }

  @Test func aStateWithoutASealIsCheckedOnceAndSealed() throws {
    for _ in 0..<2 { #expect(harness.run("buy gems --finish").status == 0) }
    let lock = state + "/lock"
    let sealed = try #require(FileManager.default.contents(atPath: lock))
    #expect(sealed.count == LogSeal.length)
    #expect(String(decoding: sealed, as: UTF8.self).hasPrefix("iap-seal-1 "))
    try Data().write(to: URL(fileURLWithPath: lock))
    #expect(harness.run("queue").status == 0)
    #expect(FileManager.default.contents(atPath: lock)?.count == LogSeal.length, "a reader that checked the logs seals them")
    #expect(harness.run("buy gems --finish --json").json.transactions.last?["id"] == .string("3"))
  }

  @Test func deletingTheLockAfterARepairNeverGivesAnIdAgain() throws {
    for _ in 0..<3 { #expect(harness.run("buy gems --finish").status == 0) }
    var log = try #require(FileManager.default.contents(atPath: harness.directory + "/.iap/transactions.log"))
    log[log.count - 5] ^= 0x01  // the last record damaged: the repair drops it, and its id
    try log.write(to: URL(fileURLWithPath: harness.directory + "/.iap/transactions.log"))
    #expect(harness.run("doctor --repair").status == 0)
    try FileManager.default.removeItem(atPath: harness.directory + "/.iap/lock")
    #expect(harness.run("buy gems --finish --json").json.transactions.last?["id"] == .string("4"))
  }

  @Test func resetClearsTheSeal() throws {
    for _ in 0..<2 { #expect(harness.run("buy gems --finish").status == 0) }
    #expect(harness.run("reset").status == 0)
    let buy = harness.run("buy gems --finish --json")
    #expect(buy.status == 0, "\(buy.stderr)")
    #expect(buy.json.transactions.last?["id"] == .string("1"))
  }
}
