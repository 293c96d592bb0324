import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPStorage

/// Loading counts the notifications past `store.json` from their bytes (checksum and
/// `"after"`) instead of parsing each; the count, and where it stops, are what decoding them
/// gave.
@Suite struct NotificationCountTests {
  let date = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  func line(_ n: ServerNotification, after: Int?) -> [UInt8] {
    var json = NotificationRecord.encode(n, after: after ?? 0)
    if after == nil, case let .object(members) = json { json = .object(members.filter { $0.0 != "after" }) }
    return Array(RecordLine.encode(json).utf8)
  }

  @Test func theLengthReadFromTheBytesIsTheParsedOne() throws {
    let n = ServerNotification(type: .test, date: date, transaction: nil, bundleId: "com.example.app")
    for after in [0, 7, 507, 123_456_789_012] {
      let bytes = line(n, after: after).dropLast()  // without its newline
      #expect(NotificationRecord.peekRequiredLogLength(bytes) == after)
      #expect(NotificationRecord.requiredLogLength(try JSONParser.parse(Array(bytes))) == after)
    }
    #expect(NotificationRecord.peekRequiredLogLength(line(n, after: nil).dropLast()) == nil, "a record from before \"after\"")
    #expect(NotificationRecord.peekRequiredLogLength(Array(#"{"after":5}"#.utf8)[...]) == nil, "no checksum")
    #expect(NotificationRecord.peekRequiredLogLength(Array(#"{"x":1,"crc":5}"#.utf8)[...]) == nil)
  }

  @Test func loadingCountsCommittedNotificationsAndStopsAtTheFirstUncommitted() throws {
    let temporary = TemporaryFolder()
    let directory = StateDirectory(path: temporary.directory + "/.iap")
    for _ in 0..<3 { try StoreChanges.buy(StoreChanges.gems, finish: true, in: directory) }
    let sent = try directory.open(forWriting: false).state.notificationCount
    #expect(sent == 3, "each purchase sent one")
    let log = temporary.directory + "/.iap/notifications.log"
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
