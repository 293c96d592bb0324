import IAPFormats

/// Price increases of auto-renewable subscriptions, as one subscriber meets them
/// (`SKTestSession.requestPriceIncreaseConsentForTransactionIdentifier`, iOS 15.4+).
package extension Store {
  /// Announces a price increase of the subscription to `productId`: PRICE_INCREASE with
  /// subtype PENDING when the customer must consent, ACCEPTED when no consent is needed
  /// (Apple's notificationType page). The next renewal charges `price`; without consent by
  /// then, the subscription expires instead (`expirationIntent` 3).
  ///
  /// - Parameter price: the new price, a decimal string (the caller checked its form).
  mutating func announcePriceIncrease(
    _ productId: String, price: String, consentRequired: Bool, now: Timestamp
  ) throws(StoreRefusal) -> Subscription {
    var subscription = try activeSubscription(productId, "given a price increase")
    // Apple tests commitment plans without price changes (Xcode 26.5), and documents none
    // for them: a committed subscriber's price is the plan's.
    if subscription.commitment != nil {
      throw .subscriptionState(productId, subscription.status, "billed monthly with a 12-month commitment, which takes no price increase")
    }
    let current = subscription.regularPrice ?? subscription.latest.price
    if let old = SignedPayloads.milliunits(current), let new = SignedPayloads.milliunits(price), new <= old {
      throw .notAPriceIncrease(productId, current: current ?? "", asked: price)
    }
    // Apple support article 109501: without consent, an increase is at most 50% and at most
    // 5 (50 for a yearly subscription) in USD terms, and at most one a year; iap applies the
    // amounts in the subscription's own currency, and the year on the store's clock (a year
    // as long as the time rate makes it, as every period is).
    if !consentRequired, let last = subscription.lastIncreaseWithoutConsent, now < rules.end(of: .oneYear, from: last) {
      throw .increaseNeedsConsent(
        productId, current: current ?? "", asked: price,
        limit: "one increase a year, and the last was announced \(last.iso8601)")
    }
    if !consentRequired, let old = SignedPayloads.milliunits(current), let new = SignedPayloads.milliunits(price) {
      let yearly = subscription.period == .oneYear
      let amount: Int64 = yearly ? 50_000 : 5_000
      if new - old > amount || (new - old) * 2 > old {
        throw .increaseNeedsConsent(
          productId, current: current ?? "", asked: price, limit: "at most 50% and at most \(amount / 1000) more\(yearly ? " for a yearly subscription" : "")")
      }
    }
    subscription.priceIncrease = PriceIncrease(
      productId: subscription.productId, price: price, status: consentRequired ? .pending : .accepted)
    if !consentRequired { subscription.lastIncreaseWithoutConsent = now }
    record(.subscription(subscription))
    notify(.priceIncrease, consentRequired ? .pending : .accepted, subscription, at: now)
    return subscription
  }

  /// The customer answers a price increase that waits for consent. Accepting sends
  /// PRICE_INCREASE with subtype ACCEPTED; declining turns auto-renew off
  /// (DID_CHANGE_RENEWAL_STATUS, AUTO_RENEW_DISABLED), and the subscription expires at the
  /// end of its period with `expirationIntent` 3.
  mutating func answerPriceIncrease(_ productId: String, accept: Bool, now: Timestamp) throws(StoreRefusal) -> Subscription {
    var subscription = try activeSubscription(productId, "asked for consent")
    guard subscription.priceIncrease?.status == .pending else { throw .noPriceIncrease(productId) }
    subscription.priceIncrease?.status = accept ? .accepted : .declined
    if accept {
      record(.subscription(subscription))
      notify(.priceIncrease, .accepted, subscription, at: now)
    } else {
      subscription.autoRenew = false
      record(.subscription(subscription))
      notify(.didChangeRenewalStatus, .autoRenewDisabled, subscription, at: now)
    }
    return subscription
  }

  private func activeSubscription(_ productId: String, _ action: String) throws(StoreRefusal) -> Subscription {
    guard let subscription = subscription(for: productId) else { throw .noSubscription(productId) }
    guard subscription.status != .expired, subscription.status != .revoked else {
      throw .subscriptionState(productId, subscription.status, "only an active subscription can be \(action)")
    }
    return subscription
  }
}
