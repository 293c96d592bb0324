import Foundation
import Testing

@testable import IAPCore
@testable import IAPStorage
@testable import IAPFormats

/// The index's quick look at a record agrees with parsing it, or leaves it to the
/// parser.
@Suite struct RecordPeekTests {
  let date = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  func record(_ change: (inout Transaction) -> Void = { _ in }) -> ArraySlice<UInt8> {
    var t = Transaction(
      id: 42, originalId: 42, productId: "p", productType: .consumable, state: .purchased, quantity: 1, purchaseDate: date,
      originalPurchaseDate: date, applicationUsername: #"say "account":"x""#, account: "alice", device: "d")
    change(&t)
    return Array(JSONWriter.compact(LogRecordCodec.encode(.transaction(t))).utf8)[...]
  }

  @Test func aTransactionVersionGivesItsIdAccountAndDeletion() throws {
    #expect(RecordPeek.peek(record()) == .transaction(id: 42, account: "alice", deleted: false))
    #expect(RecordPeek.peek(record { $0.deleted = true }) == .transaction(id: 42, account: "alice", deleted: true))
    #expect(RecordPeek.peek(record { $0.account = "bob" }) == .transaction(id: 42, account: "bob", deleted: false))
    // What the peek reads agrees with the parser.
    let parsed = try TransactionRecord.decode(try JSONParser.parse(Array(record { $0.deleted = true })))
    #expect(parsed.id == 42 && parsed.account == "alice" && parsed.deleted)
  }

  @Test func whatItIsUnsureOfIsLeftToTheParser() {
    #expect(RecordPeek.peek(record { $0.account = #"a"b"# }) == .decode, "an escaped account")
    #expect(RecordPeek.peek(record { $0.id = TransactionRecord.idLimit }) == .decode, "an id the parser refuses")
    #expect(RecordPeek.peek(Array(#"{"id":"","account":"a"}"#.utf8)[...]) == .decode)
    #expect(RecordPeek.peek(Array(#"{"id":"12x","account":"a"}"#.utf8)[...]) == .decode)
    #expect(RecordPeek.peek(Array(#"{"id":"12"}"#.utf8)[...]) == .decode, "no account")
    #expect(RecordPeek.peek(Array("garbage".utf8)[...]) == .decode)
    #expect(RecordPeek.peek(Array(JSONWriter.compact(LogRecordCodec.encode(.clearAccount("alice"))).utf8)[...]) == .decode)
  }

  @Test func otherEventsChangeNoVersion() {
    for event in [LogRecord.reinstall(device: "d"), .receiptUpdate("alice"), .offerNonce("n")] {
      #expect(RecordPeek.peek(Array(JSONWriter.compact(LogRecordCodec.encode(event)).utf8)[...]) == .otherEvent)
    }
  }
}
