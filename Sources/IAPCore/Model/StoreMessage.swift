import IAPFormats

/// A message StoreKit's `Message` API would show when the app launches or comes to the
/// foreground (`Message.messages`): about one of the account's subscriptions, or one the
/// App Store sends of its own (`generic`).
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
    /// A message the App Store sends for a generic reason (`Message.Reason.generic`): about
    /// no subscription, sent when the App Store has something to tell the customer
    /// (`iap messages send` stands for it).
    case generic
  }

  package var reason: Reason
  /// The subscription's product, group and original transaction; nil for `generic`.
  package var productId: String?
  package var group: String?
  package var originalId: UInt64?
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
    case .winBackOffer, .generic: id = "\(reason.rawValue)/\(s.originalId)/\(s.expirationDate.milliseconds)/\(offerId ?? "")"
    }
  }

  /// The App Store's own message with this id (`generic`).
  package init(genericId: String) {
    reason = .generic
    id = genericId
  }
}

package extension Store {
  /// The messages the App Store has for this account now, by subscription group, then those
  /// it sent of its own (`generic`) oldest first, that the customer has not dismissed. Only the purchaser's own subscriptions: a family member has no
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
    messages += account.genericMessages.map(StoreMessage.init(genericId:))
    return messages.filter { !account.dismissedMessages.contains($0.id) }
  }

  /// The App Store sends the account a message of its own (`Message.Reason.generic`),
  /// shown at the app's launch until the customer dismisses it. Returns it.
  mutating func sendGenericMessage() -> StoreMessage {
    let message = StoreMessage(genericId: "generic/\(accountState.genericMessages.count + 1)")
    record(.appStoreMessage(account: account, id: message.id))
    return message
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
