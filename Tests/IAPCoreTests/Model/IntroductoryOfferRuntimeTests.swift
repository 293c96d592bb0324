import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats

/// Introductory offers on the store's clock: who gets them, how long and at what price.
@Suite struct IntroductoryOfferRuntimeTests {
  let catalog = Catalog(products: [
    CatalogFixtures.subscription("trial", price: "9.99", period: .oneMonth, level: 1, introductoryOffer: CatalogFixtures.terms(.free, "P1W")),
    CatalogFixtures.subscription(
      "monthly", price: "4.99", period: .oneMonth, level: 2, introductoryOffer: CatalogFixtures.terms(.payAsYouGo, "P1M", 3, price: "0.99")),
    CatalogFixtures.subscription(
      "yearly", price: "49.99", group: "y", period: .oneYear, introductoryOffer: CatalogFixtures.terms(.payUpFront, "P6M", price: "19.99")),
  ])
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  var store = Store(state: StoreState(), account: "a", device: "d")

  func at(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }

  mutating func buy(_ id: String, at time: Timestamp? = nil) -> Transaction {
    store.buy(productId: id, product: catalog.product(id), quantity: 1, applicationUsername: nil, finish: true, now: time ?? t0).outcome
  }

  @Test mutating func aFreeTrialThenTheRegularPrice() {
    let trial = buy("trial")
    #expect(trial.offerDiscountType == .freeTrial)
    #expect(trial.price == "0")
    #expect(trial.expirationDate == at("2026-01-22T10:00:00Z"), "a one-week trial")
    store.advance(to: at("2026-01-22T10:00:00Z"))
    let first = store.queue.last!
    #expect(first.offerDiscountType == nil)
    #expect(first.price == "9.99")
    #expect(first.expirationDate == at("2026-02-22T10:00:00Z"))
  }

  @Test mutating func payAsYouGoRunsForItsPeriodsOnTheClock() {
    _ = buy("monthly")
    store.advance(to: at("2026-05-15T10:00:00Z"))
    let all = [store.accountState.subscriptions["club"]!.latest] + store.queue
    let prices = store.queue.map { $0.price ?? "" }
    #expect(prices == ["0.99", "0.99", "4.99", "4.99"], "three offer periods in all, then the regular price")
    #expect(store.queue.map(\.offerDiscountType) == [.payAsYouGo, .payAsYouGo, nil, nil])
    #expect(all.count == 5)
  }

  @Test mutating func payUpFrontCoversTheWholeOfferOnce() {
    let first = buy("yearly")
    #expect(first.offerDiscountType == .payUpFront)
    #expect(first.price == "19.99")
    #expect(first.expirationDate == at("2026-07-15T10:00:00Z"))
    store.advance(to: at("2026-07-15T10:00:00Z"))
    #expect(store.queue.last?.price == "49.99")
    #expect(store.queue.last?.expirationDate == at("2027-07-15T10:00:00Z"))
  }

  @Test mutating func onlyTheFirstSubscriptionInAGroupGetsIt() throws {
    _ = buy("trial")
    _ = try store.setAutoRenew(false, for: "trial", now: t0)
    store.advance(to: at("2026-03-01T00:00:00Z"))
    let again = buy("trial", at: at("2026-03-01T00:00:00Z"))
    #expect(again.offerDiscountType == nil)
    #expect(again.price == "9.99")
    let other = buy("monthly", at: at("2026-03-01T00:00:00Z"))
    #expect(other.offerDiscountType == nil, "any earlier subscription in the group rules the offer out")
  }

  @Test mutating func theOfferIsSignedAndInTheReceipt() {
    let trial = buy("trial")
    let payload = SignedPayloads.transaction(trial, environment: .localTesting, signedDate: t0)
    #expect(payload["offerType"] == .int(1))
    #expect(payload["offerDiscountType"] == .string("FREE_TRIAL"))
    #expect(payload["offerPeriod"] == .string("P1W"))
    #expect(payload["price"] == .int(0))
    let item = AppReceipt(bundleId: "b", history: [trial], account: store.accountState, now: t0).receipt["in_app"]?.arrayValue?.first
    #expect(item?["is_trial_period"] == .string("true"))
    #expect(item?["is_in_intro_offer_period"] == .string("false"))
  }

  @Test func offerPeriodsAreCompressedWithTheTimeRate() {
    let rules = SubscriptionRules(timeRate: .monthlyRenewalEveryFiveMinutes)
    let week = OfferPeriod(count: 1, unit: .week)!
    // Apple's TimeRate pages (`monthlyRenewalEveryFiveMinutes`: weekly 3 minutes, monthly 5,
    // quarterly 15, annually 1 hour) give renewal periods; an offer of the same length lasts
    // as long, so a one-week free trial ends when a weekly period would (not after 70 s).
    #expect(rules.end(ofOffer: week, count: 1, from: t0).milliseconds - t0.milliseconds == 180_000)
    #expect(rules.end(ofOffer: week, count: 2, from: t0).milliseconds - t0.milliseconds == 360_000)
    #expect(rules.end(ofOffer: OfferPeriod(count: 3, unit: .month)!, count: 1, from: t0).milliseconds - t0.milliseconds == 900_000)
    #expect(rules.end(ofOffer: OfferPeriod(count: 1, unit: .month)!, count: 3, from: t0).milliseconds - t0.milliseconds == 900_000)
    #expect(rules.end(ofOffer: OfferPeriod(count: 1, unit: .year)!, count: 1, from: t0).milliseconds - t0.milliseconds == 3_600_000)
    #expect(rules.end(ofOffer: OfferPeriod(count: 3, unit: .day)!, count: 1, from: t0).milliseconds - t0.milliseconds == 77_000, "3/7 of a week")
    let fixed = SubscriptionRules(timeRate: .oneRenewalEveryTenSeconds)
    #expect(fixed.end(ofOffer: week, count: 2, from: t0).milliseconds - t0.milliseconds == 20_000)
  }
}
