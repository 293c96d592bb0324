import IAPFormats

/// A message StoreKit's `Message` API would show when the app launches or comes to the
/// foreground (`Message.messages`), about one of the account's subscriptions.
package struct StoreMessage: Equatable, Sendable {
  /// `Message.Reason`: why the App Store shows it.
  package enum Reason: String, Sendable {
    /// A renewal payment is failing (billing retry, or the grace period before it): the
    /// customer is asked to update the payment method.
    case billingIssue
    /// A price increase waits for the customer's consent.
    case priceIncreaseConsent
    /// A lapsed customer may redeem a win-back offer (`Message.Reason.winBackOffer`, iOS 18).
    case winBackOffer
  }

  package var reason: Reason
  package var productId: String
  package var group: String
  package var originalId: UInt64
  /// For `winBackOffer`: the offer shown, the best the customer may redeem.
  package var offerId: String?
  /// Stable while its cause lasts, so a dismissed message stays dismissed; a new cause (the
  /// next failing renewal, another price) is a new message.
  package var id: String

  package init(reason: Reason, subscription s: Subscription, offerId: String? = nil) {
    self.reason = reason
    self.offerId = offerId
    productId = s.latest.productId
    group = s.group
    originalId = s.originalId
    switch reason {
    case .billingIssue: id = "billingIssue/\(s.originalId)/\(s.expirationDate.milliseconds)"
    case .priceIncreaseConsent: id = "priceIncreaseConsent/\(s.originalId)/\(s.pendingPriceIncrease?.price ?? "")"
    case .winBackOffer: id = "winBackOffer/\(s.originalId)/\(s.expirationDate.milliseconds)/\(offerId ?? "")"
    }
  }
}

package extension Store {
  /// The messages the App Store has for this account now, by subscription group, that it
  /// has not dismissed. Only the purchaser's own subscriptions: a family member has no
  /// payment method to fix nor a price to consent to.
  ///
  /// - Parameter winBackOffers: the win-back offers a lapsed subscription's customer may
  ///   redeem now, best first (the catalog's, which the pure store does not hold); the best
  ///   is the message's, as the App Store shows one offer.
  func messages(winBackOffers: (Subscription) -> [String] = { _ in [] }) -> [StoreMessage] {
    let account = accountState
    var messages: [StoreMessage] = []
    for group in account.subscriptions.keys.sorted() {
      let s = account.subscriptions[group]!
      guard s.latest.inAppOwnershipType == "PURCHASED" else { continue }
      if s.isInBillingRetry { messages.append(StoreMessage(reason: .billingIssue, subscription: s)) }
      if s.status.grantsAccess, s.pendingPriceIncrease?.status == .pending {
        messages.append(StoreMessage(reason: .priceIncreaseConsent, subscription: s))
      }
      if s.status == .expired, let best = winBackOffers(s).first {
        messages.append(StoreMessage(reason: .winBackOffer, subscription: s, offerId: best))
      }
    }
    return messages.filter { !account.dismissedMessages.contains($0.id) }
  }

  /// The customer saw the messages and closed them (`Message.display(in:)`): they are not
  /// shown again while their cause lasts. Returns those dismissed.
  @discardableResult
  mutating func dismissMessages(winBackOffers: (Subscription) -> [String] = { _ in [] }) -> [StoreMessage] {
    let shown = messages(winBackOffers: winBackOffers)
    if !shown.isEmpty { record(.dismissMessages(account: account, ids: shown.map(\.id))) }
    return shown
  }
}
