import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats

/// Win-back offers on the pure `Store`, with a fixed clock (the offers the renewal info
/// lists: `WinBackRenewalInfoTests`).
///
/// Apple's rules, as its documentation states them:
/// - "Supporting win-back offers in your app" (StoreKit): a win-back offer is for a churned
///   subscription, one whose `expirationDate` is past and whose `willAutoRenew` is false;
///   eligibility rests on the customer's paid duration, the time since the subscription
///   expired, and the time between redeemed offers.
/// - `eligibleWinBackOfferIds` (App Store Server API 1.13): the offers a customer may redeem,
///   best first, for their most recent subscription in the group; "Subscriptions in a Billing
///   Grace Period or billing retry state aren't eligible for win-back offers."
/// - `Transaction.OfferType.winBack`: raw value 4 (`offerType` 4, `WIN_BACK_OFFER` in the App
///   Store Server Library's `OfferType`).
@Suite struct StoreWinBackOfferTests {
  let catalog = Catalog(products: [
    CatalogFixtures.subscription(
      "gold", price: "4.99", period: .oneMonth,
      winBackOffers: [
        WinBackOffer(
          id: "back.free", terms: CatalogFixtures.terms(.free, "P1M"), paidMonths: 2, minimumMonthsSinceLastSubscribed: 1,
          maximumMonthsSinceLastSubscribed: 6, waitBetweenOffersMonths: 12),
        WinBackOffer(id: "back.cheap", terms: CatalogFixtures.terms(.payUpFront, "P3M", price: "5.99")),
      ]),
    CatalogFixtures.subscription(
      "gold.yearly", price: "39.99", period: .oneYear, level: 2,
      winBackOffers: [WinBackOffer(id: "yearly.back", terms: CatalogFixtures.terms(.payUpFront, "P1Y", price: "19.99"))]),
  ])
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  var store = Store(state: StoreState(), account: "a", device: "d")

  func at(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }
  var subscription: Subscription? { store.accountState.subscriptions["club"] }
  var lastNotification: ServerNotification? {
    store.changes.reversed().lazy.compactMap { if case let .notification(n) = $0 { return n } else { return nil } }.first
  }

  mutating func buy(_ redemption: OfferRedemption? = nil, _ productId: String = "gold", at now: Timestamp) -> Transaction {
    store.buy(
      productId: productId, product: catalog.product(productId), quantity: 1, applicationUsername: nil, finish: true, redemption: redemption,
      now: now
    ).outcome
  }

  /// Two paid months, then cancelled: lapsed on 2026-03-15.
  mutating func lapse() throws {
    _ = buy(at: t0)
    store.advance(to: at("2026-02-20T00:00:00Z"))
    _ = try store.setAutoRenew(false, for: "gold", now: at("2026-02-20T00:00:00Z"))
    store.advance(to: at("2026-03-15T10:00:00Z"))
  }

  func eligible(at now: Timestamp) -> [String] {
    guard let subscription else { return [] }
    return WinBackEligibility.eligibleIds(catalog.product("gold")!.winBackOffers, subscription: subscription, rules: store.rules, now: now)
  }

  @Test func theCatalogReadsTheOffersAndTheirEligibility() throws {
    let offer = try #require(catalog.product("gold")?.winBackOffer("back.free"))
    #expect(offer.paidMonths == 2)
    #expect(offer.minimumMonthsSinceLastSubscribed == 1)
    #expect(offer.maximumMonthsSinceLastSubscribed == 6)
    #expect(offer.waitBetweenOffersMonths == 12)
    #expect(catalog.product("gold")?.winBackOffers.map(\.id) == ["back.free", "back.cheap"])
  }

  @Test mutating func aCustomerWhoNeverSubscribedIsIneligible() {
    let outcome = buy(.winBack("back.cheap"), at: t0)
    #expect(outcome.state == .failed)
    #expect(outcome.error?.code == .ineligibleForOffer)
  }

  @Test mutating func aCurrentSubscriberIsIneligible() {
    _ = buy(at: t0)
    let outcome = buy(.winBack("back.cheap"), at: at("2026-01-20T00:00:00Z"))
    #expect(outcome.error?.code == .ineligibleForOffer)
    #expect(outcome.error?.message.contains("lapsed subscribers") == true)
  }

  @Test mutating func anUnknownOfferIsInvalidOfferIdentifier() throws {
    try lapse()
    let outcome = buy(.winBack("nope"), at: at("2026-05-01T00:00:00Z"))
    #expect(outcome.error?.code == .invalidOfferIdentifier)
  }

  @Test mutating func theWindowSinceTheLapseDecidesEligibility() throws {
    try lapse()
    #expect(subscription?.paidDays == 60)
    // Lapsed less than a month ago: only the offer without a minimum.
    #expect(eligible(at: at("2026-04-14T10:00:00Z")) == ["back.cheap"])
    // From one month on, the best first, in catalog order.
    #expect(eligible(at: at("2026-04-15T10:00:00Z")) == ["back.free", "back.cheap"])
    // Six months after the lapse the free offer's window has closed.
    #expect(eligible(at: at("2026-09-15T10:00:00Z")) == ["back.cheap"])
  }

  @Test mutating func tooShortAPaidDurationIsIneligible() throws {
    _ = buy(at: t0)
    _ = try store.setAutoRenew(false, for: "gold", now: t0)
    store.advance(to: at("2026-02-15T10:00:00Z"))
    #expect(subscription?.paidDays == 30)
    #expect(eligible(at: at("2026-04-01T00:00:00Z")) == ["back.cheap"])
    let outcome = buy(.winBack("back.free"), at: at("2026-04-01T00:00:00Z"))
    #expect(outcome.error?.code == .ineligibleForOffer)
    #expect(outcome.error?.message.contains("needs 2 months") == true)
  }

  @Test mutating func billingRetryIsNeverEligible() throws {
    store.rules = SubscriptionRules(billingRetry: true)
    _ = buy(at: t0)
    store.advance(to: at("2026-03-20T00:00:00Z"))
    #expect(subscription?.status == .inBillingRetryPeriod)
    #expect(eligible(at: at("2026-03-20T00:00:00Z")).isEmpty)
  }

  @Test mutating func aRedemptionResubscribesWithOfferTypeFourAndStartsTheWait() throws {
    try lapse()
    let now = at("2026-05-01T00:00:00Z")
    let redeemed = buy(.winBack("back.free"), at: now)
    #expect(redeemed.state == .purchased)
    #expect(redeemed.offerType == .winBack)
    #expect(redeemed.offerIdentifier == "back.free")
    #expect(redeemed.offerDiscountType == .freeTrial)
    #expect(redeemed.price == "0")
    #expect(redeemed.offerPeriod == "P1M")
    #expect(lastNotification?.type == .subscribed)
    #expect(lastNotification?.subtype == .resubscribe)
    let payload = SignedPayloads.transaction(redeemed, environment: .sandbox, signedDate: now)
    #expect(payload["offerType"] == .int(4))
    #expect(subscription?.lastWinBackRedemption == now)
    // Lapsed again: the free offer waits twelve months from the redemption.
    _ = try store.setAutoRenew(false, for: "gold", now: now)
    store.advance(to: at("2026-07-01T00:00:00Z"))
    #expect(eligible(at: at("2026-07-01T00:00:00Z")) == ["back.cheap"])
    let again = buy(.winBack("back.free"), at: at("2026-07-01T00:00:00Z"))
    #expect(again.error?.message.contains("12 months between offers") == true)
  }

  /// The tallies the state's record keeps (`SubscriptionRecordTests`).
  @Test mutating func aRedemptionKeepsThePaidDaysAndTheOffer() throws {
    try lapse()
    _ = buy(.winBack("back.cheap"), at: at("2026-05-01T00:00:00Z"))
    let s = try #require(subscription)
    #expect(s.paidDays == 150)
    #expect(s.latest.offerType == .winBack)
  }

  /// `eligibleWinBackOfferIds` lists the offers "for the customer's most recent subscription
  /// in the subscription group"; StoreKit redeems only those, so another product's offer is
  /// refused though the customer lapsed long enough for it.
  @Test mutating func anOfferOfAnotherProductInTheGroupIsNotRedeemed() throws {
    try lapse()
    let now = at("2026-05-01T00:00:00Z")
    #expect(eligible(at: now) == ["back.free", "back.cheap"])
    let refused = buy(.winBack("yearly.back"), "gold.yearly", at: now)
    #expect(refused.error?.code == .ineligibleForOffer)
    #expect(refused.error?.message.contains("most recent subscription in the group is 'gold'") == true)
  }

  /// "A churned subscription is one that has an expirationDate in the past, and a
  /// willAutoRenew value of false": one whose billing retry ran out while it was still set
  /// to renew is not churned, and renewal info lists no offer for it.
  @Test mutating func aSubscriptionThatLapsedStillSetToRenewIsNotChurned() throws {
    store.rules = SubscriptionRules(billingRetry: true)
    _ = buy(at: t0)
    store.advance(to: at("2026-09-01T00:00:00Z"))
    #expect(subscription?.status == .expired)
    #expect(subscription?.autoRenew == true)
    #expect(eligible(at: at("2026-09-01T00:00:00Z")).isEmpty)
    let refused = buy(.winBack("back.cheap"), at: at("2026-09-01T00:00:00Z"))
    #expect(refused.error?.code == .ineligibleForOffer)
    #expect(refused.error?.message.contains("still set to renew") == true)
  }
}
