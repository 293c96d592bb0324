import Foundation
import Testing

@testable import IAPCore
@testable import IAPFormats

/// Subscription behaviours checked against Apple's documentation, each test naming its
/// source: downgrades, renewal dates, renewal info.
@Suite struct SubscriptionFidelityTests {
  let catalog = Catalog(products: [
    CatalogFixtures.subscription("monthly", price: "4.99", period: .oneMonth, level: 2),
    CatalogFixtures.subscription("weekly", price: "1.99", period: .oneWeek, level: 3),
    CatalogFixtures.subscription("yearly", price: "49", period: .oneYear, level: 1),
  ])
  var store = Store(state: StoreState(), account: "default", device: "phone")

  func at(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }

  mutating func buy(_ id: String, at time: String) -> Transaction {
    store.buy(
      productId: id, product: catalog.product(id), quantity: 1, applicationUsername: nil, finish: true, now: at(time)
    ).outcome
  }

  var subscription: Subscription { store.accountState.subscriptions["club"]! }

  /// The notifications sent so far, as (type, subtype).
  var notifications: [(String, String?)] {
    store.changes.compactMap { if case let .notification(n) = $0 { return (n.type.rawValue, n.subtype?.rawValue) } else { return nil } }
  }

  // MARK: - Cancelling a pending downgrade

  /// Apple ("Handling subscriptions billing", App Store Server Notifications'
  /// `DID_CHANGE_RENEWAL_PREF`): a customer who scheduled a downgrade and chooses their current
  /// product again cancels the downgrade; the notification then has no subtype.
  @Test mutating func choosingTheCurrentProductAgainCancelsThePendingDowngrade() {
    _ = buy("monthly", at: "2026-01-15T10:00:00Z")
    #expect(buy("weekly", at: "2026-01-20T00:00:00Z").state == .restored)
    #expect(subscription.autoRenewProductId == "weekly")
    let again = buy("monthly", at: "2026-01-21T00:00:00Z")
    #expect(again.state == .restored, "nothing is charged: the customer already has monthly")
    #expect(subscription.autoRenewProductId == "monthly")
    #expect(subscription.renewalProductId == nil && subscription.renewalPeriod == nil && subscription.renewalPrice == nil)
    let last = notifications.last!
    #expect(last.0 == "DID_CHANGE_RENEWAL_PREF" && last.1 == nil)
    store.advance(to: at("2026-02-15T10:00:00Z"))
    #expect(store.queue.last?.productId == "monthly", "it renews as monthly")
    #expect(store.queue.last?.expirationDate == at("2026-03-15T10:00:00Z"))
  }

  @Test mutating func choosingTheCurrentProductWithNothingPendingChangesNothing() {
    _ = buy("monthly", at: "2026-01-15T10:00:00Z")
    let before = notifications.count
    #expect(buy("monthly", at: "2026-01-20T00:00:00Z").state == .restored)
    #expect(notifications.count == before, "no downgrade to cancel, nothing to notify")
  }

  // MARK: - Renewal info

  /// Apple (`JWSRenewalInfoDecodedPayload.expirationIntent`, `isInBillingRetryPeriod`): while
  /// the App Store retries a failed renewal, renewal info reports the billing error (2).
  @Test mutating func billingRetryReportsExpirationIntentTwo() {
    store.rules = SubscriptionRules(billingRetry: true, gracePeriod: true)
    _ = buy("monthly", at: "2026-01-15T10:00:00Z")
    store.advance(to: at("2026-02-16T00:00:00Z"))
    #expect(subscription.status == .inGracePeriod)
    var info = SignedPayloads.renewalInfo(subscription, environment: .xcode, signedDate: at("2026-02-16T00:00:00Z"))
    #expect(info["isInBillingRetryPeriod"] == .bool(true))
    #expect(info["expirationIntent"] == .int(2))
    store.advance(to: at("2026-03-10T00:00:00Z"))
    #expect(subscription.status == .inBillingRetryPeriod)
    info = SignedPayloads.renewalInfo(subscription, environment: .xcode, signedDate: at("2026-03-10T00:00:00Z"))
    #expect(info["expirationIntent"] == .int(2))
    let pending = AppReceipt(bundleId: "b", history: [], account: store.accountState, now: at("2026-03-10T00:00:00Z"))
      .pendingRenewalInfo
    #expect(pending.arrayValue?.first?["expiration_intent"] == .string("2"))
    #expect(pending.arrayValue?.first?["is_in_billing_retry_period"] == .string("1"))
  }

  @Test mutating func aHealthySubscriptionHasNoExpirationIntent() {
    _ = buy("monthly", at: "2026-01-15T10:00:00Z")
    let info = SignedPayloads.renewalInfo(subscription, environment: .xcode, signedDate: at("2026-01-16T00:00:00Z"))
    #expect(info["expirationIntent"] == nil)
    #expect(info["isInBillingRetryPeriod"] == .bool(false))
  }

  /// Apple (`JWSRenewalInfoDecodedPayload.renewalDate`): present for an expired subscription
  /// too, as the end of its latest period.
  @Test mutating func anExpiredSubscriptionKeepsItsRenewalDate() throws {
    _ = buy("monthly", at: "2026-01-15T10:00:00Z")
    _ = try store.setAutoRenew(false, for: "monthly", now: at("2026-01-16T00:00:00Z"))
    store.advance(to: at("2026-03-01T00:00:00Z"))
    #expect(subscription.status == .expired)
    let info = SignedPayloads.renewalInfo(subscription, environment: .xcode, signedDate: at("2026-03-01T00:00:00Z"))
    #expect(info["renewalDate"] == .int(at("2026-02-15T10:00:00Z").milliseconds))
    #expect(info["expirationIntent"] == .int(1))
  }

  // MARK: - Renewal dates

  /// Apple ("Auto-renewable subscriptions", App Store Connect Help; the renewal date is the
  /// anniversary of the purchase): a monthly subscription bought on Jan 31 renews on the last
  /// day of shorter months only, Feb 28, then Mar 31 and Apr 30, not Mar 28 and Apr 28.
  @Test mutating func monthlyRenewalsKeepTheAnniversaryDay() {
    let first = buy("monthly", at: "2026-01-31T12:00:00Z")
    #expect(first.expirationDate == at("2026-02-28T12:00:00Z"))
    store.advance(to: at("2026-05-31T12:00:00Z"))
    let ends = store.queue.map(\.expirationDate)
    #expect(ends == [
      at("2026-03-31T12:00:00Z"), at("2026-04-30T12:00:00Z"), at("2026-05-31T12:00:00Z"), at("2026-06-30T12:00:00Z"),
    ])
    #expect(store.queue.map(\.purchaseDate).first == at("2026-02-28T12:00:00Z"), "a renewal starts when the last period ends")
  }

  /// The same rule for a yearly subscription bought on a leap day: Feb 28 in common years,
  /// Feb 29 again four years on.
  @Test mutating func yearlyRenewalsReturnToTheLeapDay() {
    _ = buy("yearly", at: "2028-02-29T08:00:00Z")
    store.advance(to: at("2031-03-01T00:00:00Z"))
    #expect(store.queue.map(\.expirationDate) == [
      at("2030-02-28T08:00:00Z"), at("2031-02-28T08:00:00Z"), at("2032-02-29T08:00:00Z"),
    ])
  }

  /// A billing recovery starts a new period now: later renewals are anniversaries of it.
  @Test mutating func aRecoveryFromBillingRetryAnchorsANewRun() throws {
    store.rules = SubscriptionRules(billingRetry: true)
    _ = buy("monthly", at: "2026-01-15T10:00:00Z")
    store.advance(to: at("2026-03-31T09:00:00Z"))
    store.rules.billingRetry = false
    let renewal = try store.resolveBilling("club", now: at("2026-03-31T09:00:00Z"))
    #expect(renewal.expirationDate == at("2026-04-30T09:00:00Z"))
    store.advance(to: at("2026-05-30T09:00:00Z"))
    #expect(store.queue.last?.expirationDate == at("2026-05-31T09:00:00Z"), "the anniversary of Mar 31, not Apr 30 + 1 month")
  }

  /// A downgrade to another period takes effect at the renewal, which anchors the new run.
  @Test mutating func aChangeOfPeriodAnchorsAtTheRenewal() {
    _ = buy("monthly", at: "2026-01-31T10:00:00Z")
    _ = buy("weekly", at: "2026-02-01T00:00:00Z")
    store.advance(to: at("2026-03-14T10:00:00Z"))
    let weekly = store.queue.filter { $0.productId == "weekly" }
    #expect(weekly.first?.purchaseDate == at("2026-02-28T10:00:00Z"))
    #expect(weekly.map(\.expirationDate).prefix(2) == [at("2026-03-07T10:00:00Z"), at("2026-03-14T10:00:00Z")])
  }

  /// Under an accelerated rate periods are fixed lengths: the calendar does not apply.
  @Test mutating func acceleratedRenewalsStayEvenlySpaced() {
    store.rules = SubscriptionRules(timeRate: .monthlyRenewalEveryFiveMinutes)
    let first = buy("monthly", at: "2026-01-31T12:00:00Z")
    store.advance(to: Timestamp(milliseconds: first.purchaseDate.milliseconds + 3 * 300_000))
    #expect(store.queue.map(\.expirationDate) == [2, 3, 4].map { Timestamp(milliseconds: first.purchaseDate.milliseconds + $0 * 300_000) })
  }

  /// States written before renewal anchors have none: the next renewal anchors.
  @Test mutating func aSubscriptionWithoutAnchorReanchorsAtItsNextRenewal() {
    _ = buy("monthly", at: "2026-01-31T12:00:00Z")
    var old = subscription
    old.anchor = nil
    old.anchorPeriods = 0
    // As the state's record reads it back (`SubscriptionRecordTests`).
    var state = store.state
    state.apply(.subscription(old))
    store = Store(state: state, account: "default", device: "phone")
    store.advance(to: at("2026-04-27T12:00:00Z"))
    // The first renewal chains from Feb 28 as before and anchors there; no error, no jump.
    #expect(store.queue.map(\.expirationDate) == [at("2026-03-28T12:00:00Z"), at("2026-04-28T12:00:00Z")])
  }

  /// The anchor the state's record keeps (`SubscriptionRecordTests`): the first purchase,
  /// and the periods since.
  @Test mutating func theAnchorCountsThePeriodsSinceThePurchase() {
    _ = buy("monthly", at: "2026-01-31T12:00:00Z")
    store.advance(to: at("2026-03-01T00:00:00Z"))
    #expect(subscription.anchor == at("2026-01-31T12:00:00Z") && subscription.anchorPeriods == 2)
  }
}
