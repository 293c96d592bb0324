import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPStorage

/// What a promotional offer leaves in the state files: the used nonces, the offer waiting
/// for a renewal, and a transaction's offer, each read back as written.
@Suite struct PromotionalOfferRecordTests {
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  /// A subscription to "plus" whose downgrade to "basic" redeemed `basic.cheap`, waiting for
  /// the renewal (as `StorePromotionalOfferTests` has the store leave it).
  var waiting: Subscription {
    let end = t0.adding(SubscriptionPeriod.oneMonth.calendarPeriod)
    let latest = Transaction(
      id: 1, originalId: 1, productId: "plus", productType: .autoRenewable, state: .purchased, quantity: 1, purchaseDate: t0,
      originalPurchaseDate: t0, expirationDate: end, account: "a", device: "d", finished: true, subscriptionGroup: "club")
    var subscription = Subscription(
      account: "a", group: "club", originalId: 1, originalPurchaseDate: t0, latest: latest, period: .oneMonth, level: 1,
      renewalProductId: "basic", renewalPeriod: .oneMonth, renewalLevel: 2)
    let terms = IntroductoryOffer(
      paymentMode: .payAsYouGo, period: OfferPeriod(count: 1, unit: .month)!, numberOfPeriods: 3, price: Decimal(string: "0.99"))
    subscription.scheduledOffer = ScheduledOffer(productId: "basic", id: "basic.cheap", terms: terms)
    return subscription
  }

  /// The waiting offer (and the once-a-year price rule's date) are kept in the
  /// subscription's record; a record without them reads as none.
  @Test func aWaitingOfferSurvivesTheRecord() throws {
    var subscription = waiting
    subscription.lastIncreaseWithoutConsent = t0
    let json = SubscriptionRecord.encode(subscription)
    #expect(try SubscriptionRecord.decode(json) == subscription)
    #expect(try SubscriptionRecord.decode(json).scheduledOffer?.terms.price == Decimal(string: "0.99"))
    var older = subscription
    older.scheduledOffer = nil
    older.lastIncreaseWithoutConsent = nil
    #expect(SubscriptionRecord.encode(older)["scheduledOffer"] == nil)
    #expect(try SubscriptionRecord.decode(SubscriptionRecord.encode(older)) == older)
  }

  @Test func noncesSurviveTheLogAndTheSnapshot() throws {
    let record = LogRecord.offerNonce("3f2504e0-4f89-11d3-9a0c-0305e82c3301")
    #expect(try LogRecordCodec.decode(LogRecordCodec.encode(record)) == record)
    var state = StoreState()
    state.apply(record)
    let (back, _) = try SnapshotCodec.decode(bytes: SnapshotCodec.encodeText(state, offsets: .init()))
    #expect(back.usedOfferNonces == state.usedOfferNonces)
    // A snapshot without nonces (before promotional offers) reads as none used.
    #expect(SnapshotCodec.encode(StoreState(), offsets: .init())["offerNonces"] == nil)
  }

  @Test func aPromotionalTransactionRecordKeepsItsOffer() throws {
    var t = Transaction(
      id: 3, originalId: 1, productId: "basic", productType: .autoRenewable, state: .purchased, quantity: 1, purchaseDate: t0,
      originalPurchaseDate: t0, account: "a", device: "d", offerDiscountType: .freeTrial, offerPeriod: "P1W")
    t.offerIdentifier = "basic.free"
    #expect(try TransactionRecord.decode(TransactionRecord.encode(t)) == t)
  }
}
