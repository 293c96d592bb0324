import Testing

@testable import IAPCore
@testable import IAPFormats

/// Which subscriptions the App Store extends (SubscriptionExtensionIneligibleError:
/// not in a free offer period, billing retry, an expired grace period, or expired; at most
/// two extensions in 365 days), checked on the pure store.
@Suite struct StoreExtendingTests {
  let start = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  func store(_ change: (inout Subscription) -> Void = { _ in }) -> (Store, Subscription) {
    let end = start.adding(SubscriptionPeriod.oneMonth.calendarPeriod)
    let latest = Transaction(
      id: 1, originalId: 1, productId: "pro", productType: .autoRenewable, state: .purchased, quantity: 1, purchaseDate: start,
      originalPurchaseDate: start, expirationDate: end, account: "a", device: "d", subscriptionGroup: "g")
    var subscription = Subscription(account: "a", group: "g", originalId: 1, originalPurchaseDate: start, latest: latest, period: .oneMonth)
    change(&subscription)
    var state = StoreState()
    state.apply(.transaction(subscription.latest))
    state.apply(.subscription(subscription))
    return (Store(state: state, account: "a", device: "d"), subscription)
  }

  func refusal(_ change: (inout Subscription) -> Void, at now: Timestamp? = nil) -> ExtensionRefusal? {
    var (store, subscription) = store(change)
    do {
      _ = try store.extendRenewalDate(of: subscription, days: 5, reasonCode: 0, requestIdentifier: "r", now: now ?? start)
      return nil
    } catch { return error }
  }

  @Test func anActivePaidSubscriptionIsExtended() throws {
    var (store, subscription) = store()
    let granted = try store.extendRenewalDate(of: subscription, days: 5, reasonCode: 0, requestIdentifier: "r", now: start)
    #expect(granted.effectiveDate == Timestamp(iso8601: "2026-02-20T10:00:00Z")!)
    #expect(store.accountState.subscriptions["g"]?.expirationDate == granted.effectiveDate)
    #expect(store.changes.contains { if case let .notification(n) = $0 { return n.type == .renewalExtended } else { return false } })
  }

  @Test func ineligibleStatesAreRefused() {
    #expect(refusal({ $0.latest.offerDiscountType = .freeTrial }) == .ineligible)
    #expect(refusal({ $0.status = .inBillingRetryPeriod }) == .ineligible)
    #expect(refusal({ $0.status = .inGracePeriod }) == .ineligible)
    #expect(refusal({ $0.status = .expired }) == .ineligible)
    #expect(refusal({ $0.status = .revoked }) == .ineligible)
    #expect(refusal({ _ in }, at: Timestamp(iso8601: "2026-03-01T10:00:00Z")!) == .ineligible, "past its expiry")
    #expect(refusal({ $0.latest.offerDiscountType = .payUpFront }) == nil, "a paid offer period can be extended")
  }

  @Test func twoExtensionsInThePast365DaysAreTheMost() {
    let old = RenewalExtension(requestIdentifier: "o", days: 1, reasonCode: 0, date: Timestamp(iso8601: "2025-01-10T10:00:00Z")!, effectiveDate: start)
    let recent = RenewalExtension(requestIdentifier: "n", days: 1, reasonCode: 0, date: Timestamp(iso8601: "2025-12-01T10:00:00Z")!, effectiveDate: start)
    #expect(refusal({ $0.extensions = [recent, recent] }) == .maximumReached)
    #expect(refusal({ $0.extensions = [old, recent] }) == nil, "one of them is more than 365 days old")
  }
}
