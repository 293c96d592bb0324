import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit
@testable import IAPStorage

/// On a full disk a buy must not exit 74 once its purchase is committed (a script that
/// retries after 74 would buy twice), nor keep it without its notification. A command has
/// one commit point, the fsync of its transaction records: before it a
/// failure stores nothing, after it nothing fails the command.
@Suite struct CommitPointTests {
  let harness = TestHarness()
  var state: String { harness.directory + "/.iap" }

  @Test func aSnapshotThatCannotBeWrittenIsAWarningNotAFailure() throws {
    #expect(harness.run("settings set locale en_US").status == 0)
    // A folder where the snapshot's temporary goes: it cannot be replaced by a file.
    try FileManager.default.createDirectory(atPath: state + "/store.json.tmp/x", withIntermediateDirectories: true)
    let bought = harness.run("buy gems --finish")
    #expect(bought.status == 0)
    #expect(bought.stderr.hasPrefix("warning: the change is stored, but store.json could not be rewritten"))
    #expect(harness.run("history --json").json.transactions.count == 1, "the purchase is kept, once")
    #expect(harness.run("notifications --json").json["notifications"]?.arrayValue?.count == 1)
  }

  @Test func notificationsOfACommitThatNeverHappenedAreIgnored() throws {
    #expect(harness.run("buy gems --finish").status == 0)
    // What a buy that failed at its commit point could leave: its notification written, with
    // the log length it needed, and the log short of it.
    let log = try Data(contentsOf: URL(fileURLWithPath: state + "/transactions.log"))
    let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: state + "/notifications.log")))
    guard case let .object(members) = try JSONParser.parse(Array(written.dropLast())) else { return }
    #expect(members.contains { $0.0 == "after" && $0.1 == .int(Int64(log.count)) })
    let stray = members.filter { $0.0 != "crc" }.map { ($0.0, $0.0 == "after" ? JSONValue.int(Int64(log.count + 500)) : $0.1) }
    let line = RecordLine.encode(.object(stray))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: state + "/notifications.log"))
    handle.seekToEndOfFile()
    handle.write(Data(line.utf8))
    try handle.close()
    #expect(harness.run("notifications --json").json["notifications"]?.arrayValue?.count == 1)
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(harness.run("notifications --json").json["notifications"]?.arrayValue?.count == 2, "the stray record was cut off")
  }
}
