import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit
@testable import IAPStorage

/// Loading counts the notifications past `store.json` from their bytes (checksum and
/// `"after"`) instead of parsing each (`NotificationRecordTests`); the count, and where it
/// stops, are what decoding them gave.
@Suite struct NotificationCountTests {
  let date = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  func line(_ n: ServerNotification, after: Int?) -> [UInt8] {
    var json = NotificationRecord.encode(n, after: after ?? 0)
    if after == nil, case let .object(members) = json { json = .object(members.filter { $0.0 != "after" }) }
    return Array(RecordLine.encode(json).utf8)
  }

  @Test func loadingCountsCommittedNotificationsAndStopsAtTheFirstUncommitted() throws {
    let harness = TestHarness()
    for _ in 0..<3 { #expect(harness.run("buy gems --finish").status == 0) }
    let directory = StateDirectory(path: harness.directory + "/.iap")
    let sent = try directory.open(forWriting: false).state.notificationCount
    #expect(sent == 3, "each purchase sent one")
    let log = harness.directory + "/.iap/notifications.log"
    let n = ServerNotification(type: .test, date: date, transaction: nil, bundleId: "com.example.app")
    let handle = try #require(FileHandle(forWritingAtPath: log))
    handle.seekToEndOfFile()
    // An older record (counted), one whose commit never happened (not counted, and the scan
    // stops there), then one after it (not reached).
    handle.write(Data(line(n, after: nil) + line(n, after: 1 << 40) + line(n, after: 0)))
    try handle.close()
    #expect(try directory.open(forWriting: false).state.notificationCount == sent + 1)
    // Sealed again by that read: the count comes from the bytes alone now, and agrees.
    #expect(try directory.open(forWriting: false).state.notificationCount == sent + 1)
  }
}
