import Testing

@testable import IAPCore
@testable import IAPFormats

@Suite struct AppReceiptTests {
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  func purchase(_ id: UInt64, _ type: ProductType, finished: Bool = false, at update: Int? = nil, state: TransactionState = .purchased) -> Transaction {
    Transaction(
      id: id, originalId: id, productId: "p\(id)", productType: type, state: state, quantity: 1, purchaseDate: t0,
      originalPurchaseDate: t0, account: "a", device: "d", finished: finished, finishedAtReceiptUpdate: update)
  }

  func receipt(_ history: [Transaction], updates: Int) -> AppReceipt {
    var account = AccountState()
    account.receiptUpdates = updates
    return AppReceipt(bundleId: "com.x", history: history, account: account, now: t0)
  }

  func ids(_ value: JSONValue?) -> [String] {
    value?.arrayValue?.compactMap { $0["transaction_id"]?.stringValue } ?? []
  }

  @Test func consumablesFollowApplesRule() {
    let history = [
      purchase(1, .consumable),  // unfinished: in the receipt
      purchase(2, .consumable, finished: true, at: 3),  // finished since the last update: still in
      purchase(3, .consumable, finished: true, at: 2),  // finished before it: gone
      purchase(4, .nonConsumable, finished: true),
      purchase(5, .nonRenewing, finished: true),
      purchase(6, .consumable, state: .failed),  // never in a receipt
      purchase(7, .nonConsumable, state: .restored),  // neither are restores
    ]
    let r = receipt(history, updates: 3)
    #expect(ids(r.receipt["in_app"]) == ["1", "2", "4", "5"])
    #expect(ids(r.latestReceiptInfo) == ["1", "4", "5"], "latest_receipt_info leaves out every finished consumable")
  }

  @Test func refundsShowTheirCancellation() {
    var refunded = purchase(1, .nonConsumable)
    refunded.revocationDate = t0
    refunded.revocationReason = .developerIssue
    let item = receipt([refunded], updates: 0).receipt["in_app"]?.arrayValue?.first
    #expect(item?["cancellation_date"] == .string("2026-01-15 10:00:00 Etc/GMT"))
    #expect(item?["cancellation_reason"] == .string("1"))
  }

  @Test func receiptDatesComeInApplesThreeForms() {
    #expect(t0.receiptDate == "2026-01-15 10:00:00 Etc/GMT")
    #expect(t0.receiptMilliseconds == "1768471200000")
    #expect(t0.receiptPSTDate == "2026-01-15 02:00:00 America/Los_Angeles")
    // Daylight saving time: 2026-03-08 10:00 UTC to 2026-11-01 09:00 UTC.
    #expect(Timestamp(iso8601: "2026-03-08T09:59:59Z")!.receiptPSTDate == "2026-03-08 01:59:59 America/Los_Angeles")
    #expect(Timestamp(iso8601: "2026-03-08T10:00:00Z")!.receiptPSTDate == "2026-03-08 03:00:00 America/Los_Angeles")
    #expect(Timestamp(iso8601: "2026-07-01T12:00:00Z")!.receiptPSTDate == "2026-07-01 05:00:00 America/Los_Angeles")
    #expect(Timestamp(iso8601: "2026-11-01T08:59:59Z")!.receiptPSTDate == "2026-11-01 01:59:59 America/Los_Angeles")
    #expect(Timestamp(iso8601: "2026-11-01T09:00:00Z")!.receiptPSTDate == "2026-11-01 01:00:00 America/Los_Angeles")
  }
}
