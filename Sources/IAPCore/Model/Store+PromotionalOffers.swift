import IAPFormats

/// A payment's promotional offer: what the app sent and what it is checked against.
package struct OfferPayment: Sendable {
  package var request: PromotionalOfferRequest
  package var context: OfferVerificationContext

  package init(request: PromotionalOfferRequest, context: OfferVerificationContext) {
    self.request = request
    self.context = context
  }
}

package extension Store {
  /// Checks a payment's promotional offer as the App Store does (`PromotionalOfferVerifier`),
  /// then whether the account may redeem it: promotional offers are for current and lapsed
  /// subscribers of the product's group, so an account that never subscribed to the group
  /// gets `ineligibleForOffer`. An accepted offer's nonce is used up at once, whatever the
  /// payment's outcome: the signature has been spent.
  mutating func acceptOffer(
    _ payment: OfferPayment, for product: Product, applicationUsername: String?, now: Timestamp
  ) -> Result<PromotionalOffer, StoreError> {
    guard product.type == .autoRenewable, let group = product.subscriptionGroup else {
      return .failure(StoreError(.invalidOfferIdentifier, "'\(product.id)' is \(product.type.rawValue): only auto-renewable subscriptions have promotional offers"))
    }
    let subscription = accountState.subscriptions[group]
    let verifier = PromotionalOfferVerifier(
      bundleId: app.bundleId, context: payment.context, storeNow: now, usedNonces: state.usedOfferNonces)
    let owned = Set(accountState.subscriptions.values.flatMap { [String($0.originalId), String($0.latest.id)] })
      .union(payment.context.customerTransactionIds)
    let accepted: PromotionalOfferVerifier.Accepted
    switch verifier.verify(payment.request, product: product, applicationUsername: applicationUsername, ownsTransaction: owned.contains) {
    case let .success(value): accepted = value
    case let .failure(error): return .failure(error)
    }
    guard subscription != nil else {
      return .failure(
        StoreError(.ineligibleForOffer, "account '\(account)' never subscribed to group '\(group)': promotional offers are for current and lapsed subscribers"))
    }
    if let nonce = accepted.nonce { record(.offerNonce(nonce)) }
    return .success(accepted.offer)
  }

  /// The `OFFER_REDEEMED` subtype for a current subscriber who redeems `product`'s offer:
  /// `UPGRADE` for a higher level (or a crossgrade), `DOWNGRADE` for a lower one, none for
  /// the product already subscribed.
  func offerRedemptionSubtype(_ change: SubscriptionChange?) -> NotificationSubtype? {
    switch change {
    case .upgrade?: return .upgrade
    case .atRenewal?: return .downgrade
    case .same?, nil: return nil
    }
  }
}
