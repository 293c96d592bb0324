import IAPFormats

/// A subscription's story as one picture: each paid or offered period, how it began
/// (purchase, renewal, upgrade, downgrade, resubscription), the stretches of billing retry
/// and grace, and every notification Apple sent about it, oldest first. What
/// `iap subscription timeline` prints and the web page draws.
///
/// Made from records the store keeps anyway (the account's transactions in the group and the
/// notifications sent), so that a timeline needs no record of its own and agrees with them.
package struct SubscriptionTimeline: Equatable, Sendable {
  /// One period the customer had (or has) the subscription for.
  package struct Period: Equatable, Sendable {
    package var transaction: Transaction
    /// How it began.
    package var kind: Kind
    /// When it ends, or ended early: at the upgrade that replaced it, or at its refund.
    package var end: Timestamp?
    package var start: Timestamp { transaction.purchaseDate }
  }

  /// How a period began.
  package enum Kind: String, Sendable {
    case purchase, renewal, upgrade, downgrade, crossgrade, resubscribe
  }

  /// A stretch in which Apple was trying to collect a renewal payment.
  package struct Span: Equatable, Sendable {
    package enum Kind: String, Sendable { case billingRetry, gracePeriod }
    package var kind: Kind
    package var start: Timestamp
    /// When it ended; nil while it runs (then `until` is when it will end at the latest).
    package var end: Timestamp?
    package var until: Timestamp?
  }

  package var subscription: Subscription
  package var periods: [Period]
  package var spans: [Span]
  /// The notifications about the subscription, in the order they were sent.
  package var events: [ServerNotification]

  /// Builds the timeline of `subscription` from the account's transactions and the store's
  /// notifications (any order; those of other groups or accounts are left out).
  ///
  /// - Parameter level: a product's level in its group (1 is the highest), to tell an
  ///   upgrade from a downgrade or a crossgrade at renewal.
  package init(
    _ subscription: Subscription, transactions: [Transaction], notifications: [ServerNotification], level: (String) -> Int?
  ) {
    self.subscription = subscription
    let ours = transactions.filter {
      $0.account == subscription.account && $0.subscriptionGroup == subscription.group && $0.state == .purchased && !$0.deleted
    }.sorted { ($0.purchaseDate, $0.id) < ($1.purchaseDate, $1.id) }
    var periods: [Period] = []
    for t in ours {
      let previous = periods.last?.transaction
      let kind = Self.kind(t, after: previous, level: level)
      if previous?.isUpgraded == true { periods[periods.count - 1].end = t.purchaseDate }
      periods.append(Period(transaction: t, kind: kind, end: t.revocationDate.map { min($0, t.expirationDate ?? $0) } ?? t.expirationDate))
    }
    self.periods = periods
    events = notifications.filter {
      $0.transaction?.account == subscription.account && $0.transaction?.subscriptionGroup == subscription.group
    }
    spans = Self.spans(events, subscription)
  }

  static func kind(_ t: Transaction, after previous: Transaction?, level: (String) -> Int?) -> Kind {
    guard let previous else { return .purchase }
    if t.isRenewal {
      guard t.productId != previous.productId else { return .renewal }
      return Self.change(from: previous.productId, to: t.productId, level: level)
    }
    // What replaced a period at once: an upgrade, or a crossgrade to a product of the same
    // level (Apple applies a same-duration crossgrade immediately).
    if previous.isUpgraded { return Self.change(from: previous.productId, to: t.productId, level: level) }
    if let end = previous.expirationDate, end <= t.purchaseDate { return .resubscribe }
    return t.productId == previous.productId ? .purchase : Self.change(from: previous.productId, to: t.productId, level: level)
  }

  /// A change of product: level 1 is the highest, so a smaller level is an upgrade.
  static func change(from old: String, to new: String, level: (String) -> Int?) -> Kind {
    guard let before = level(old), let after = level(new), before != after, old != new else { return .crossgrade }
    return after < before ? .upgrade : .downgrade
  }

  /// Billing retry runs from a failed renewal (DID_FAIL_TO_RENEW) to the renewal that
  /// recovers it or the expiry that ends it; a grace period (its subtype GRACE_PERIOD) from
  /// the same failure to GRACE_PERIOD_EXPIRED or that same end. One still running ends at
  /// the subscription's own dates.
  static func spans(_ events: [ServerNotification], _ subscription: Subscription) -> [Span] {
    var spans: [Span] = []
    var retry: Int?
    var grace: Int?
    for event in events {
      switch event.type {
      case .didFailToRenew:
        guard retry == nil else { continue }
        retry = spans.count
        spans.append(Span(kind: .billingRetry, start: event.date))
        if event.subtype == .gracePeriod {
          grace = spans.count
          spans.append(Span(kind: .gracePeriod, start: event.date))
        }
      case .gracePeriodExpired:
        if let g = grace { spans[g].end = event.date }
        grace = nil
      case .didRenew, .expired, .subscribed, .refund, .revoke:
        for open in [retry, grace].compactMap({ $0 }) { spans[open].end = event.date }
        retry = nil
        grace = nil
      default:
        continue
      }
    }
    if let r = retry { spans[r].until = subscription.billingRetryEnds }
    if let g = grace { spans[g].until = subscription.gracePeriodExpires }
    return spans
  }
}
