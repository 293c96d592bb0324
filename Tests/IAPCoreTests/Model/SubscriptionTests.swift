import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats

/// Auto-renewable subscriptions on the store's clock: renewals, limits, billing, group changes.
@Suite struct SubscriptionTests {
  let catalog = Catalog(products: [
    CatalogFixtures.subscription("gold.monthly", price: "9.99", period: .oneMonth, level: 1),
    CatalogFixtures.subscription("gold.yearly", price: "99", period: .oneYear, level: 1),
    CatalogFixtures.subscription("silver.monthly", price: "4.99", period: .oneMonth, level: 2),
    CatalogFixtures.subscription("weekly", price: "1", group: "w", period: .oneWeek),
  ])
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  var store = Store(state: StoreState(), account: "default", device: "phone")

  func at(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }

  mutating func buy(_ id: String, at time: Timestamp? = nil) -> Transaction {
    store.buy(
      productId: id, product: catalog.product(id), quantity: 1, applicationUsername: nil, finish: true, now: time ?? t0
    ).outcome
  }

  var subscription: Subscription { store.accountState.subscriptions["club"]! }

  @Test mutating func aYearOfMonthlyRenewalsInOneAdvance() {
    let first = buy("gold.monthly")
    store.advance(to: at("2027-01-15T10:00:00Z"))
    let renewals = store.queue
    #expect(renewals.count == 12)
    #expect(renewals.allSatisfy { $0.originalId == first.id && $0.isRenewal && $0.state == .purchased })
    #expect(renewals[0].purchaseDate == first.expirationDate, "a renewal starts when the last period ends")
    #expect(renewals[11].expirationDate == at("2027-02-15T10:00:00Z"))
    #expect(subscription.renewals == 12)
    #expect(subscription.status == .subscribed)
    #expect(store.entitlements().map(\.id) == [renewals[11].id])
  }

  @Test mutating func cancellingLetsItLapseAtTheEndOfThePeriod() throws {
    _ = buy("gold.monthly")
    _ = try store.setAutoRenew(false, for: "gold.monthly", now: t0)
    store.advance(to: at("2026-02-15T09:59:59Z"))
    #expect(subscription.status == .subscribed)
    store.advance(to: at("2026-02-15T10:00:00Z"))
    #expect(subscription.status == .expired)
    #expect(subscription.expirationIntent == .customerCancelled)
    #expect(store.entitlements().isEmpty)
    #expect(store.queue.isEmpty, "no renewal")
  }

  @Test mutating func theRenewalLimitCancelsAfterThatManyRenewals() {
    store.rules = SubscriptionRules(renewalLimit: 12)
    _ = buy("weekly")
    store.advance(to: at("2027-01-15T10:00:00Z"))
    let sub = store.accountState.subscriptions["w"]!
    #expect(sub.renewals == 12)
    #expect(sub.status == .expired)
    #expect(!sub.autoRenew)
  }

  @Test mutating func billingRetryWithoutGraceLosesAccessThenLapses() throws {
    store.rules = SubscriptionRules(billingRetry: true)
    _ = buy("gold.monthly")
    store.advance(to: at("2026-02-16T00:00:00Z"))
    #expect(subscription.status == .inBillingRetryPeriod)
    #expect(subscription.billingRetryEnds == at("2026-04-16T10:00:00Z"))
    #expect(store.entitlements().isEmpty)
    store.advance(to: at("2026-04-16T10:00:00Z"))
    #expect(subscription.status == .expired)
    #expect(subscription.expirationIntent == .billingError)
  }

  @Test mutating func graceKeepsAccessAndResolvingKeepsTheRenewalDate() throws {
    store.rules = SubscriptionRules(billingRetry: true, gracePeriod: true)
    _ = buy("gold.monthly")
    store.advance(to: at("2026-02-20T00:00:00Z"))
    #expect(subscription.status == .inGracePeriod)
    #expect(subscription.gracePeriodExpires == at("2026-03-03T10:00:00Z"), "16 days for a monthly subscription")
    #expect(store.entitlements().count == 1, "access is kept during the grace period")
    let renewal = try store.resolveBilling("club", now: at("2026-02-20T00:00:00Z"))
    #expect(renewal.purchaseDate == at("2026-02-15T10:00:00Z"))
    #expect(subscription.status == .subscribed)
  }

  @Test mutating func resolvingInBillingRetryStartsTheNewPeriodNow() throws {
    store.rules = SubscriptionRules(billingRetry: true, gracePeriod: true)
    _ = buy("weekly")
    store.advance(to: at("2026-01-29T00:00:00Z"))
    #expect(store.accountState.subscriptions["w"]!.status == .inBillingRetryPeriod, "weekly grace is 6 days")
    let renewal = try store.resolveBilling("w", now: at("2026-01-29T00:00:00Z"))
    #expect(renewal.purchaseDate == at("2026-01-29T00:00:00Z"))
    #expect(renewal.expirationDate == at("2026-02-05T00:00:00Z"))
  }

  @Test mutating func anUpgradeTakesEffectAtOnce() {
    let silver = buy("silver.monthly")
    let gold = buy("gold.monthly", at: at("2026-01-20T00:00:00Z"))
    #expect(gold.state == .purchased)
    #expect(gold.originalId == silver.id, "one subscription per group, under one original")
    #expect(subscription.productId == "gold.monthly")
    #expect(store.entitlements().map(\.productId) == ["gold.monthly"])
  }

  @Test mutating func aDowngradeWaitsForTheRenewal() {
    _ = buy("gold.monthly")
    let downgrade = buy("silver.monthly", at: at("2026-01-20T00:00:00Z"))
    #expect(downgrade.state == .restored, "nothing is charged now")
    #expect(subscription.productId == "gold.monthly")
    #expect(subscription.autoRenewProductId == "silver.monthly")
    store.advance(to: at("2026-02-15T10:00:00Z"))
    #expect(store.queue.last?.productId == "silver.monthly")
    #expect(store.queue.last?.isRenewal == true)
    #expect(subscription.productId == "silver.monthly")
  }

  @Test mutating func aCrossgradeToAnotherPeriodWaitsButTheSamePeriodIsImmediate() {
    _ = buy("gold.monthly")
    #expect(buy("gold.yearly").state == .restored)
    #expect(subscription.autoRenewProductId == "gold.yearly")
  }

  @Test mutating func expireAndForcedRenewalActAtOnce() throws {
    _ = buy("gold.monthly")
    let renewed = try store.forceRenewal("gold.monthly", now: at("2026-01-20T00:00:00Z"))
    #expect(renewed.latest.purchaseDate == at("2026-01-20T00:00:00Z"))
    #expect(renewed.renewals == 1)
    let expired = try store.expire("gold.monthly", now: at("2026-01-21T00:00:00Z"))
    #expect(expired.status == .expired)
    #expect(expired.latest.expirationDate == at("2026-01-21T00:00:00Z"))
    #expect(!expired.autoRenew, "an expired subscription does not show auto-renew on")
    #expect(expired.expirationIntent == .customerCancelled)
    #expect(throws: StoreRefusal.self) { try store.expire("gold.monthly", now: at("2026-01-22T00:00:00Z")) }
    #expect(throws: StoreRefusal.noSubscription("nope")) { try store.forceRenewal("nope", now: at("2026-01-22T00:00:00Z")) }
  }

  @Test mutating func compressedTimeFollowsApplesTable() {
    store.rules = SubscriptionRules(timeRate: .monthlyRenewalEveryFiveMinutes)
    let monthly = buy("gold.monthly")
    #expect(monthly.expirationDate == Timestamp(milliseconds: t0.milliseconds + 300_000))
    #expect(TimeRate.monthlyRenewalEveryFiveMinutes.compressedSeconds(.oneYear) == 3600)
    #expect(TimeRate.oneRenewalEveryTenSeconds.compressedSeconds(.oneYear) == 10)
    #expect(TimeRate(nameOrNumber: "1004") == .oneRenewalEveryTenSeconds)
  }

  @Test mutating func refundingASubscriptionRevokesIt() throws {
    let first = buy("gold.monthly")
    _ = try store.refund(first, reason: .other, now: at("2026-01-20T00:00:00Z"))
    #expect(subscription.status == .revoked)
    #expect(store.entitlements().isEmpty)
    #expect(store.restore(from: store.history, now: at("2026-01-21T00:00:00Z")).isEmpty)
  }
}
