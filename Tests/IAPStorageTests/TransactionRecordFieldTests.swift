import Foundation
import Testing

@testable import IAPCore
@testable import IAPStorage
@testable import IAPFormats

/// The transaction record's schema is declared once (`TransactionRecord.Field`);
/// the writer follows it by construction, and the quick reader matches keys by it, so that
/// a record as written is read without falling back to the general decoder, in one walk of
/// the declaration, whatever order the declaration gives.
@Suite struct TransactionRecordFieldTests {
  let date = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  /// A transaction with every field set (`nested`: the three nested members too).
  func everything(nested: Bool) -> Transaction {
    var t = Transaction(
      id: 7, originalId: 3, productId: "p", productType: .autoRenewable, state: .purchased, quantity: 2, purchaseDate: date,
      originalPurchaseDate: date, expirationDate: date, revocationDate: date, revocationReason: RevocationReason.allCases.first!,
      applicationUsername: "u", error: nested ? StoreError(.paymentCancelled, "no") : nil, account: "a", device: "d",
      finished: true, purchaseIssue: true, deleted: true, subscriptionGroup: "g", isRenewal: true, isUpgraded: true,
      bundleId: "b", storefront: "USA", price: "0.99", currency: "USD", finishedAtReceiptUpdate: 4,
      offerDiscountType: OfferDiscountType.allCases.first!, offerPeriod: "P1W")
    t.offerIdentifier = "o"
    t.redeemedOfferType = .offerCode
    t.hasDownloads = true
    t.appAccountToken = "t"
    if nested { t.refundRequest = RefundRequest(date: date, reason: ConsumptionRequestReason.allCases.first!) }
    t.refundReversalDate = date
    t.familySharedFrom = 9
    t.revocationPercentage = 50_000
    t.billingPlanType = .monthly
    if nested { t.commitment = TransactionCommitment(billingPeriodNumber: 2, totalBillingPeriods: 12, commitmentPrice: "11.88", expires: date) }
    return t
  }

  func keys(_ t: Transaction) -> [String] { TransactionRecord.encode(t).objectValue!.map(\.0) }

  @Test func theWriterFollowsTheDeclaration() {
    #expect(keys(everything(nested: true)) == TransactionRecord.Field.allCases.map(\.name), "every field, in declared order")
    let head = TransactionRecord.Field.allCases.filter(\.isWrittenWhenUnset).map(\.name)
    let bare = Transaction(
      id: 1, originalId: 1, productId: "p", productType: nil, state: .purchased, quantity: 1, purchaseDate: date,
      originalPurchaseDate: date, account: "a", device: "d")
    #expect(keys(bare) == head, "unset fields: the head only, as nulls")
    #expect(TransactionRecord.Field.count == TransactionRecord.Field.allCases.count, "the writer and the readers cover every field")
    #expect(Set(TransactionRecord.Field.allCases.map(\.name)).count == TransactionRecord.Field.count, "names are unique")
  }

  /// What a record as written costs the quick reader: no fallback, and key comparisons that
  /// walk the declaration once (a member matches where the last one left off, or after the
  /// unset fields the writer left out). A writer and a reader out of step (a key order the
  /// reader does not expect) would take another turn for each member out of place, and fails
  /// here.
  @Test func recordsAsWrittenAreReadQuicklyOneKeyComparisonAMember() throws {
    var rng = TransactionRecordReaderTests.SplitMix(state: 33)
    var samples = (0..<500).map { _ in TransactionRecordReaderTests.transaction(&rng, awkward: false) }
    samples.append(everything(nested: false))
    for var t in samples {
      t.error = nil
      t.refundRequest = nil
      let line = TransactionRecordReaderTests.line(t)
      #expect(TransactionRecordReader.transaction(line) == t, "read without the fallback: \(String(decoding: line, as: UTF8.self))")
      // As the state's load reads it: the general decoder (the one fallback) is not called.
      var fellBack = false
      let read = try RecordLine.decode(line, at: 0, path: "log", quick: TransactionRecordReader.logRecord) {
        (json: JSONValue) throws(RecordError) -> LogRecord in
        fellBack = true
        return try LogRecordCodec.decode(json)
      }
      #expect(read == .transaction(t) && !fellBack)
      let probes = try #require(TransactionRecordReader.keyProbes(line))
      #expect(probes <= TransactionRecord.Field.count, "one walk of the declaration: \(String(decoding: line, as: UTF8.self))")
    }
  }

  /// Members in another order (a record written before the declaration changed) are read the
  /// same, still by the quick reader.
  @Test func anyMemberOrderIsReadTheSame() throws {
    var rng = TransactionRecordReaderTests.SplitMix(state: 34)
    for _ in 0..<200 {
      var t = TransactionRecordReaderTests.transaction(&rng, awkward: false)
      t.error = nil
      t.refundRequest = nil
      let shuffled = JSONValue.object(TransactionRecord.encode(t).objectValue!.shuffled(using: &rng))
      let line = Array(RecordLine.encode(shuffled).utf8.dropLast())[...]
      #expect(TransactionRecordReader.transaction(line) == t, "\(String(decoding: line, as: UTF8.self))")
      #expect(try TransactionRecord.decode(JSONParser.parse(Array(line))) == t)
    }
  }

  /// Every field round-trips through both readers; the nested ones through the general one,
  /// which `RecordLine.decode` falls back to.
  @Test func everyFieldRoundTrips() throws {
    for nested in [false, true] {
      let t = everything(nested: nested)
      let line = TransactionRecordReaderTests.line(t)
      #expect(try TransactionRecord.decode(JSONParser.parse(Array(line))) == t)
      #expect(TransactionRecordReaderTests.general(line) == t)
      #expect(TransactionRecordReader.transaction(line) == (nested ? nil : t))
    }
  }

  /// The peek passes over what the full reader leaves to the general decoder.
  @Test func thePeekPassesOverNestedAndEscapedMembers() {
    var t = everything(nested: true)
    t.applicationUsername = #"say "hi"\"#
    let line = TransactionRecordReaderTests.line(t)
    #expect(RecordPeek.peek(line) == .transaction(id: 7, account: "a", deleted: true))
    #expect(RecordPeek.peek(Array(#"{"id":"7","account":"a","event":"clear"}"#.utf8)[...]) == .decode, "a key no field has")
  }
}
