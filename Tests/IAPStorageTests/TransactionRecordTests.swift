import Foundation
import Testing

@testable import IAPCore
@testable import IAPStorage
@testable import IAPFormats

@Suite struct TransactionRecordTests {
  let record = #"{"id":"1","originalId":"1","productId":"p","productType":"consumable","state":"purchased","quantity":1,"purchaseDate":0,"originalPurchaseDate":0,"expirationDate":null,"revocationDate":null,"applicationUsername":null,"error":null,"account":"a","device":"d","finished":false}"#

  @Test func readsWhatItWrites() throws {
    let transaction = try TransactionRecord.decode(try JSONParser.parse(record))
    #expect(JSONWriter.compact(TransactionRecord.encode(transaction)) == record)
  }

  /// A damaged log holding id 2^64-1 made the next load trap on `nextId = id + 1`.
  @Test func rejectsIdsThatWouldOverflowTheNextId() throws {
    for id in ["18446744073709551615", "9223372036854775808"] {
      let damaged = record.replacingOccurrences(of: #""id":"1""#, with: #""id":"\#(id)""#)
      let json = try JSONParser.parse(damaged)
      #expect(throws: RecordError.self) { try TransactionRecord.decode(json) }
    }
    let largest = record.replacingOccurrences(of: #""id":"1""#, with: #""id":"9223372036854775807""#)
    var state = StoreState()
    state.apply(try TransactionRecord.decode(try JSONParser.parse(largest)))
    #expect(state.nextId == 1 << 63)
  }

  /// A record written before refund requests reads as one without; one with a request and a
  /// reversal reads back as written; a request whose reason is not Apple's is damage.
  @Test func refundRequestsAndReversalsRoundTrip() throws {
    #expect(try TransactionRecord.decode(try JSONParser.parse(record)).refundRequest == nil)
    let withRequest = record.dropLast() + #","refundRequest":{"date":5,"reason":"LEGAL","status":"declined"},"refundReversalDate":9}"#
    let transaction = try TransactionRecord.decode(try JSONParser.parse(String(withRequest)))
    #expect(transaction.refundRequest == RefundRequest(date: Timestamp(milliseconds: 5), reason: .legal, status: .declined))
    #expect(transaction.refundReversalDate == Timestamp(milliseconds: 9))
    #expect(!transaction.hasOpenRefundRequest)
    #expect(JSONWriter.compact(TransactionRecord.encode(transaction)) == String(withRequest))
    let damaged = withRequest.replacingOccurrences(of: "LEGAL", with: "ANGRY")
    #expect(throws: RecordError.self) { try TransactionRecord.decode(try JSONParser.parse(damaged)) }
  }

  /// A prorated refund keeps its `revocationPercentage`; a record without the field reads
  /// as a full refund, and the quick reader agrees with the general one.
  @Test func revocationPercentageRoundTripsAndOldRecordsReadWithout() throws {
    let old = try TransactionRecord.decode(try JSONParser.parse(record))
    #expect(old.revocationPercentage == nil)
    let prorated = record.dropLast() + #","revocationPercentage":33500}"#
    let transaction = try TransactionRecord.decode(try JSONParser.parse(String(prorated)))
    #expect(transaction.revocationPercentage == 33_500)
    #expect(JSONWriter.compact(TransactionRecord.encode(transaction)) == String(prorated))
    let line = Array(RecordLine.encode(try JSONParser.parse(String(prorated))).utf8.dropLast())[...]
    #expect(TransactionRecordReader.transaction(line) == transaction)
    let damaged = prorated.replacingOccurrences(of: "33500", with: "\"x\"")
    #expect(throws: RecordError.self) { try TransactionRecord.decode(try JSONParser.parse(damaged)) }
  }
}
