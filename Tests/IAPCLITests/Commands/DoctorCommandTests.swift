import Foundation
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// Damage in the part of the log that store.json covers is unseen by `queue` and `buy`
/// while `history` fails on it, and a torn record or a record with quantity -2^63 must be
/// told from damage. `iap doctor` reports it, `--repair` salvages what is intact.
@Suite struct DoctorCommandTests {
  let harness = TestHarness()
  var log: String { harness.directory + "/.iap/transactions.log" }

  func damageFirstRecord() throws {
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: log)))
    bytes[bytes.firstIndex(of: UInt8(ascii: "\n"))!] = UInt8(ascii: " ")
    try Data(bytes).write(to: URL(fileURLWithPath: log))
  }

  @Test func aHealthyStateIsSaidToBe() {
    #expect(harness.run("buy gems --finish").status == 0)
    let result = harness.run("doctor")
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("the state is healthy\n"))
  }

  @Test func damageFoundOnceStopsEveryCommandUntilRepaired() throws {
    for _ in 0..<3 { #expect(harness.run("buy gems --finish").status == 0) }
    try damageFirstRecord()
    #expect(harness.run("history").status == 74)
    let buy = harness.run("buy gems")
    #expect(buy.status == 74, "writes refuse once damage was found")
    #expect(buy.stderr.hasPrefix("error: state file ") && buy.stderr.contains("transactions.log is damaged at byte 0 (its checksum does not match)"))
    let doctor = harness.run("doctor --json")
    #expect(doctor.status == 74)
    #expect(doctor.json["healthy"] == .bool(false))
    #expect(doctor.json["logs"]?.arrayValue?.first?["damaged"]?.arrayValue?.first?["offset"] == .int(0))
    let repair = harness.run("doctor --repair")
    #expect(repair.status == 0)
    #expect(repair.stdout.contains("(the damaged file is kept as transactions.log.damaged-1)"))
    #expect(FileManager.default.fileExists(atPath: log + ".damaged-1"))
    #expect(harness.run("history --json").json.transactions.count == 2, "the records joined by the damage are lost, the rest kept")
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(harness.run("doctor").status == 0)
  }

  @Test func aTornLastRecordIsACrashNotDamage() throws {
    #expect(harness.run("buy gems --finish").status == 0)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    handle.seekToEndOfFile()
    handle.write(Data(#"{"id":"2","origi"#.utf8))
    try handle.close()
    let doctor = harness.run("doctor")
    #expect(doctor.status == 0)
    #expect(doctor.stdout.contains("16 bytes of a write cut short at the end (dropped at the next write)"))
    #expect(harness.run("buy gems --finish --json").json.transactions.last?["id"] == .string("2"))
  }
}
