import IAPCore

/// What can be done to a subscription at once, as `SKTestSession` and the account's
/// subscription settings do.
package enum SubscriptionAction: Sendable {
  /// Turns auto-renew off: the subscription expires at the end of its period.
  case cancel
  /// Turns auto-renew back on.
  case resume
  /// Expires it now (`SKTestSession.expireSubscription`).
  case expire
  /// Ends the current period now and begins the next (`forceRenewalOfSubscription`).
  case renew
}

/// What a subscription action asks for.
package struct SubscriptionActionRequest: Sendable {
  package var action: SubscriptionAction
  /// A product id of the subscription, or of another product in its group.
  package var productId: String

  package init(_ action: SubscriptionAction, productId: String) {
    self.action = action
    self.productId = productId
  }
}

/// What a subscription action did.
package struct SubscriptionActionResult {
  /// The subscription as the action left it.
  package var subscription: Subscription
}

extension Workspace {
  /// Use case: acts on the account's subscription at once and commits it. A refusal (no
  /// such subscription, or one the action does not apply to) changes nothing.
  ///
  /// A customer who cancels is shown a retention message first, as the App Store shows one
  /// (`presentRetentionMessage`), once the state's lock is given back.
  package func subscriptionAction(_ request: SubscriptionActionRequest) throws(IAPError) -> SubscriptionActionResult {
    let (result, signer, locale) = try committedSubscriptionAction(request)
    if request.action == .cancel, let signer {
      presentRetentionMessage(originalTransactionId: String(result.subscription.originalId), productId: result.subscription.latest.productId,
        locale: locale, signer: signer)
    }
    return result
  }

  /// The action committed, and for a cancellation the signer and the customer's locale.
  private func committedSubscriptionAction(_ request: SubscriptionActionRequest) throws(IAPError) -> (SubscriptionActionResult, Signer?, String) {
    var opened = try openStore(forWriting: true)
    let productId = request.productId
    let subscription: Subscription
    do throws(StoreRefusal) {
      switch request.action {
      case .cancel: subscription = try opened.store.setAutoRenew(false, for: productId, now: opened.now)
      case .resume: subscription = try opened.store.setAutoRenew(true, for: productId, now: opened.now)
      case .expire: subscription = try opened.store.expire(productId, now: opened.now)
      case .renew: subscription = try opened.store.forceRenewal(productId, now: opened.now)
      }
    } catch {
      throw .refused(error)
    }
    try opened.commit()
    let signer = request.action == .cancel ? try signer(opened) : nil
    return (SubscriptionActionResult(subscription: subscription), signer, opened.settings.locale)
  }
}
