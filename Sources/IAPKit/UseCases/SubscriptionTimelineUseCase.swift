import IAPCore
import IAPFormats
import IAPStorage

/// A subscription's timeline and the store's time it was read at (where a drawing's axis ends).
package struct SubscriptionTimelineResult: Sendable {
  package var timeline: SubscriptionTimeline
  package var now: Timestamp
}

extension Workspace {
  /// Use case: the story of the account's subscription to `productId` (or its group), each
  /// period, billing retry and notification, as `SubscriptionTimeline` tells it from the
  /// store's records. Any product of the group names it, a past one too (a story outlives
  /// a downgrade). A product the account has no subscription to is a refusal.
  package func subscriptionTimeline(_ productId: String) throws(IAPError) -> SubscriptionTimelineResult {
    let catalog = try loadCatalog()
    let opened = try openStore(forWriting: false, catalog: catalog)
    let group = catalog.product(productId)?.subscriptionGroup
    guard let subscription = opened.store.subscription(for: productId) ?? group.flatMap({ opened.store.accountState.subscriptions[$0] }) else {
      throw .refused(.noSubscription(productId))
    }
    // Only the group's transactions are kept: a history of many consumables is read past.
    var transactions: [Transaction] = []
    try IAPError.ofState(
      opened.session.latestVersions().forEach { t in
        if t.subscriptionGroup == subscription.group && t.account == subscription.account { transactions.append(t) }
      })
    let timeline = SubscriptionTimeline(
      subscription, transactions: transactions, notifications: try IAPError.ofState(opened.session.sentNotifications()),
      level: { catalog.product($0)?.groupLevel })
    return SubscriptionTimelineResult(timeline: timeline, now: opened.now)
  }
}
