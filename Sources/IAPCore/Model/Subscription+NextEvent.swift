import IAPFormats

/// What a subscription does next by itself, and when: the event `iap status` shows beside
/// each subscription, from the same dates the store's time runs on (`Store.nextEvent`).
package struct SubscriptionNextEvent: Equatable, Sendable {
  package enum Kind: String, Sendable {
    /// The period ends with auto-renew on: a renewal is attempted.
    case renewal
    /// The period ends and it does not renew (auto-renew off, or a price increase without
    /// the customer's consent).
    case expiry
    /// The grace period ends: billing retry goes on without access.
    case gracePeriodEnd
    /// Billing retry ends: the subscription expires unless the payment went through.
    case billingRetryEnd
  }

  package var kind: Kind
  package var date: Timestamp
}

extension Subscription {
  /// The next event of this subscription, or nil when it has ended (expired, revoked).
  package var nextEvent: SubscriptionNextEvent? {
    guard let date = Store.nextEvent(of: self) else { return nil }
    switch status {
    case .subscribed:
      // Without consent to a pending price increase the renewal date is an expiry.
      let renews = autoRenew && pendingPriceIncrease?.status != .pending
      return SubscriptionNextEvent(kind: renews ? .renewal : .expiry, date: date)
    case .inGracePeriod: return SubscriptionNextEvent(kind: .gracePeriodEnd, date: date)
    case .inBillingRetryPeriod: return SubscriptionNextEvent(kind: .billingRetryEnd, date: date)
    case .expired, .revoked: return nil
    }
  }
}
