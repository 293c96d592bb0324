import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPStorage

/// A subscription's line of the state: what the store keeps between commands, read back as
/// it was written.
@Suite struct SubscriptionRecordTests {
  let start = Timestamp(iso8601: "2026-01-31T12:00:00Z")!

  /// A monthly subscription bought at `start`, renewed twice.
  var subscription: Subscription {
    let end = start.adding(SubscriptionPeriod.oneMonth.calendarPeriod)
    let latest = Transaction(
      id: 3, originalId: 1, productId: "monthly", productType: .autoRenewable, state: .purchased, quantity: 1, purchaseDate: start,
      originalPurchaseDate: start, expirationDate: end, account: "default", device: "phone", finished: true, subscriptionGroup: "club")
    return Subscription(
      account: "default", group: "club", originalId: 1, originalPurchaseDate: start, latest: latest, period: .oneMonth, level: 2, renewals: 2)
  }

  @Test func theAnchorRoundTripsThroughTheRecord() throws {
    var anchored = subscription
    anchored.anchor = start
    anchored.anchorPeriods = 2
    let decoded = try SubscriptionRecord.decode(SubscriptionRecord.encode(anchored))
    #expect(decoded == anchored)
    #expect(decoded.anchor == start && decoded.anchorPeriods == 2)
  }

  /// States written before renewal anchors have none, and read back as none.
  @Test func aSubscriptionWithoutAnchorIsWrittenWithoutOne() throws {
    var old = subscription
    old.anchor = nil
    old.anchorPeriods = 0
    let json = SubscriptionRecord.encode(old)
    #expect(json["anchor"] == nil)
    #expect(try SubscriptionRecord.decode(json) == old)
  }

  /// A win-back redemption's tallies: the days paid for, and the offer on the latest period.
  @Test func theWinBackTalliesRoundTripThroughTheRecord() throws {
    var redeemed = subscription
    redeemed.paidDays = 150
    redeemed.lastWinBackRedemption = start
    redeemed.latest.offerIdentifier = "back.cheap"
    redeemed.latest.redeemedOfferType = .winBack
    redeemed.latest.offerDiscountType = .payUpFront
    redeemed.latest.offerPeriod = "P3M"
    let decoded = try SubscriptionRecord.decode(SubscriptionRecord.encode(redeemed))
    #expect(decoded == redeemed)
    #expect(decoded.latest.offerType == .winBack)
  }
}
