import Foundation
import IAPTesting
import Testing

@testable import IAPFormats

/// Damage in transactions.log (a flipped byte, a value no purchase can have, records lost
/// from its end) stops every command with 74 until `iap doctor --repair` salvages the rest,
/// and no lost id is ever given again. LogSealTests holds the same damage met first by a
/// write (in the part store.json covers), a log cut mid-record, and a lock deleted after a
/// repair; DoctorCommandTests the doctor's report in JSON.
@Suite struct DamagedLogTests {
  let harness = TestHarness.game()
  var logPath: String { harness.directory + "/.iap/transactions.log" }

  func buy(_ times: Int) {
    for _ in 0..<times { #expect(harness.run("buy com.example.fakegame.extra_lives --finish").status == 0) }
  }

  func log() throws -> [UInt8] { try #require(harness.bytes(".iap/transactions.log")) }

  @Test func aDamagedRecordStopsEveryCommandUntilTheDoctorSalvagesTheRest() throws {
    buy(3)
    var bytes = try log()
    bytes[bytes.firstIndex(of: UInt8(ascii: "\n"))!] = UInt8(ascii: " ")  // two records become one line
    harness.write(".iap/transactions.log", bytes: bytes)
    let history = harness.run("history")
    history.expectCleanFailure(74)
    #expect(history.stderr.contains("transactions.log is damaged at byte 0"))
    for command in ["queue", "buy com.example.fakegame.extra_lives"] { harness.run(command).expectCleanFailure(74, command) }
    let doctor = harness.run("doctor")
    #expect(doctor.status == 74)
    #expect(doctor.stdout.contains("byte 0: its checksum does not match"))
    let repair = harness.run("doctor --repair")
    #expect(repair.status == 0)
    #expect(repair.stdout.contains("kept as transactions.log.damaged-1"))
    #expect(harness.exists(".iap/transactions.log.damaged-1"), "the damaged log was not kept")
    #expect(harness.run("buy com.example.fakegame.extra_lives --json").status == 0)
    let healthy = harness.run("doctor")
    #expect(healthy.status == 0)
    #expect(healthy.stdout.contains("the state is healthy"))
  }

  /// A record with quantity -2^63 and a checksum that matches: the value is damage.
  @Test func impossibleValuesInARecordAreDamage() throws {
    #expect(harness.run("buy com.example.fakegame.extra_lives").status == 0)
    var lines = String(decoding: try log(), as: UTF8.self).split(separator: "\n").map(String.init)
    let last = try #require(lines.last)
    let withoutChecksum = try #require(last.firstMatch(of: #/^(.*),"crc":\d+\}$/#)).1 + "}"
    #expect(withoutChecksum.contains(#""quantity":1,"#))
    let body = withoutChecksum.replacingOccurrences(of: #""quantity":1,"#, with: #""quantity":-9223372036854775808,"#)
    lines[lines.count - 1] = body.dropLast() + #","crc":\#(CRC32.checksum(Array(body.utf8)))}"#
    harness.write(".iap/transactions.log", lines.joined(separator: "\n") + "\n")
    try FileManager.default.removeItem(atPath: harness.directory + "/.iap/store.json")
    let queue = harness.run("queue")
    queue.expectCleanFailure(74)
    #expect(queue.stderr.contains("bad or missing 'quantity'"))
  }

  /// Records lost past store.json, then the lock (which holds the seal with the next id)
  /// deleted: still damage, never a reused id.
  @Test func aLogThatLostRecordsIsDamageEvenWithoutTheLock() throws {
    buy(3)
    #expect(harness.exists(".iap/store.json"))
    let bytes = try log()
    let lastStart = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1
    harness.write(".iap/transactions.log", bytes: Array(bytes[..<lastStart]))
    try FileManager.default.removeItem(atPath: harness.directory + "/.iap/lock")
    let refused = harness.run("buy com.example.fakegame.extra_lives")
    refused.expectCleanFailure(74)
    #expect(refused.stderr.contains("records were cut off"))
    try FileManager.default.removeItem(atPath: harness.directory + "/.iap/lock")
    let doctor = harness.run("doctor")
    #expect(doctor.status == 74)
    #expect(doctor.stdout.contains("records were cut off"))
  }
}
