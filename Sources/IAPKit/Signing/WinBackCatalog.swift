import IAPCore
import IAPFormats

/// The catalog's win-back offers, by product, with the store's subscription rules: what a
/// signer needs to list a lapsed customer's `eligibleWinBackOfferIds` in renewal info.
package struct WinBackCatalog: Sendable {
  /// Win-back offers by product id, in catalog order (best first).
  package var offers: [String: [WinBackOffer]]
  package var rules: SubscriptionRules

  package init(offers: [String: [WinBackOffer]], rules: SubscriptionRules) {
    self.offers = offers
    self.rules = rules
  }

  /// The offers of the subscription's latest product that its customer may redeem at `now`.
  package func eligibleIds(_ subscription: Subscription, at now: Timestamp) -> [String] {
    guard let offers = offers[subscription.productId] else { return [] }
    return WinBackEligibility.eligibleIds(offers, subscription: subscription, rules: rules, now: now)
  }
}
