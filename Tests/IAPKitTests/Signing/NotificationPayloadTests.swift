import Testing

@testable import IAPKit

/// The signed notification's identifiers: derived from the sequence and the state's key.
@Suite struct NotificationPayloadTests {
  @Test func uuidsAreStableVersion4AndDifferByKey() {
    let a = NotificationPayload.uuid(sequence: 1, key: Array("k".utf8))
    #expect(a == NotificationPayload.uuid(sequence: 1, key: Array("k".utf8)))
    #expect(a != NotificationPayload.uuid(sequence: 2, key: Array("k".utf8)))
    #expect(a != NotificationPayload.uuid(sequence: 1, key: Array("other".utf8)))
    let parts = a.split(separator: "-").map(\.count)
    #expect(parts == [8, 4, 4, 4, 12])
    #expect(Array(a)[14] == "4")
  }
}
