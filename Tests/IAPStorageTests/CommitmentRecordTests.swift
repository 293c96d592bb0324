import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPStorage

/// A monthly plan's commitment in the state: the transaction's `billingPlanType` and
/// `commitmentInfo`, the subscription's commitment and renewal plan, read back as written,
/// and left out of the records that have none.
@Suite struct CommitmentRecordTests {
  let start = Timestamp(iso8601: "2026-01-31T12:00:00Z")!

  var transaction: Transaction {
    Transaction(
      id: 3, originalId: 1, productId: "yearly", productType: .autoRenewable, state: .purchased, quantity: 1, purchaseDate: start,
      originalPurchaseDate: start, expirationDate: start.adding(SubscriptionPeriod.oneMonth.calendarPeriod), account: "default",
      device: "phone", finished: true, subscriptionGroup: "club", price: "9.99")
  }

  @Test func aCommittedPeriodRoundTrips() throws {
    var t = transaction
    #expect(TransactionRecord.encode(t)["commitmentInfo"] == nil && TransactionRecord.encode(t)["billingPlanType"] == nil)
    t.billingPlanType = .monthly
    t.commitment = TransactionCommitment(billingPeriodNumber: 4, totalBillingPeriods: 12, commitmentPrice: "119.88", expires: start)
    #expect(try TransactionRecord.decode(TransactionRecord.encode(t)) == t)
  }

  @Test func theSubscriptionsCommitmentRoundTrips() throws {
    var s = Subscription(account: "default", group: "club", originalId: 1, originalPurchaseDate: start, latest: transaction, period: .oneMonth)
    #expect(SubscriptionRecord.encode(s)["commitment"] == nil)
    s.commitment = Commitment(billingPeriodNumber: 4, expires: start, price: "9.99", commitmentPrice: "119.88", upfrontPrice: "99.99")
    s.renewalBillingPlan = .billedUpfront
    #expect(try SubscriptionRecord.decode(SubscriptionRecord.encode(s)) == s)
  }
}
