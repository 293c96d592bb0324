import IAPFormats

/// What a customer or the test environment does to a subscription directly.
package extension Store {
  /// The account's subscription to `productId` (its current or scheduled product), or in the
  /// group named `productId`.
  func subscription(for productId: String) -> Subscription? {
    accountState.subscriptions.values.first { $0.productId == productId || $0.autoRenewProductId == productId }
      ?? accountState.subscriptions[productId]
  }

  private func active(_ productId: String, _ action: String) throws(StoreRefusal) -> Subscription {
    guard let subscription = subscription(for: productId) else { throw .noSubscription(productId) }
    guard subscription.status != .expired, subscription.status != .revoked else {
      throw .subscriptionState(productId, subscription.status, "only an active subscription can be \(action)")
    }
    return subscription
  }

  /// Turns auto-renew off (`true` on) for the subscription, as the customer does in Settings.
  mutating func setAutoRenew(_ on: Bool, for productId: String, now: Timestamp) throws(StoreRefusal) -> Subscription {
    var subscription = try active(productId, on ? "resumed" : "cancelled")
    subscription.autoRenew = on
    // Turning auto-renew back on after declining a price increase renews at the new price:
    // the old one is no longer offered.
    if on, subscription.priceIncrease?.status == .declined { subscription.priceIncrease?.status = .accepted }
    if !on {
      subscription.renewalProductId = nil
      subscription.renewalPeriod = nil
      subscription.renewalLevel = nil
      subscription.renewalPrice = nil
    }
    record(.subscription(subscription))
    notify(.didChangeRenewalStatus, on ? .autoRenewEnabled : .autoRenewDisabled, subscription, at: now)
    mirrorFamilyShares(of: subscription, at: now, notifying: .didChangeRenewalStatus, on ? .autoRenewEnabled : .autoRenewDisabled)
    return subscription
  }

  /// `expireSubscription`: it ends now, as a voluntary expiry (intent 1), so auto-renew is
  /// off as a cancelled subscription's is (Xcode's transaction manager shows it so, and the
  /// EXPIRED notification's renewal info says autoRenewStatus 0), not left on.
  mutating func expire(_ productId: String, now: Timestamp) throws(StoreRefusal) -> Subscription {
    var subscription = try active(productId, "expired")
    subscription.autoRenew = false
    var latest = subscription.latest
    latest.expirationDate = now
    record(latest)
    subscription.latest = latest
    subscription.gracePeriodExpires = nil
    subscription.billingRetryEnds = nil
    lapse(&subscription, intent: .customerCancelled, at: now)
    return subscription
  }

  /// `forceRenewalOfSubscription`: the current period ends now and the next begins.
  mutating func forceRenewal(_ productId: String, now: Timestamp) throws(StoreRefusal) -> Subscription {
    var subscription = try active(productId, "renewed")
    renew(&subscription, startingAt: now, at: now)
    return subscription
  }

  /// `resolveIssueForTransaction` for a billing problem: the payment goes through. From a
  /// grace period the renewal keeps its date (no days lost); from billing retry the new
  /// period starts now.
  mutating func resolveBilling(_ group: String, now: Timestamp) throws(StoreRefusal) -> Transaction {
    guard var subscription = accountState.subscriptions[group] else { throw .noSubscription(group) }
    switch subscription.status {
    case .inGracePeriod: renew(&subscription, startingAt: subscription.expirationDate, recovery: true, at: now)
    case .inBillingRetryPeriod: renew(&subscription, startingAt: now, recovery: true, at: now)
    default:
      throw .subscriptionState(subscription.productId, subscription.status, "it has no billing issue to resolve")
    }
    return subscription.latest
  }
}
