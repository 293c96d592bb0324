import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPStorage

/// A notification's line of `notifications.log`: the log length its commit needed
/// (`"after"`), read from the bytes as parsing them reads it.
@Suite struct NotificationRecordTests {
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
}
