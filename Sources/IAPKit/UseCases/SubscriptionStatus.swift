import IAPCore

/// Which subscriptions' status to read.
package struct SubscriptionStatusRequest: Sendable {
  /// A product id of one subscription (or of its group); nil for all of the account's.
  package var productId: String?
  /// Whether to sign each subscription's renewal info and latest transaction (`--json`).
  package var signed = false

  package init(productId: String? = nil, signed: Bool = false) {
    self.productId = productId
    self.signed = signed
  }
}

/// Where the account's subscriptions stand.
package struct SubscriptionStatusResult {
  /// The subscriptions asked for, by original transaction id.
  package var subscriptions: [Subscription]
  /// What signs their renewal info and transactions, when asked for.
  package var signer: Signer?
}

extension Workspace {
  /// Use case: the status of one of the account's subscriptions, or of all of them. Asking
  /// for a product the account has no subscription to is a refusal.
  package func subscriptionStatus(_ request: SubscriptionStatusRequest) throws(IAPError) -> SubscriptionStatusResult {
    let opened = try openStore(forWriting: false)
    try SimulatedFailure.check(opened.settings.failSubscriptionStatus, "Product.SubscriptionInfo.status: the subscription status request")
    let signer = request.signed ? try self.signer(opened) : nil
    if let productId = request.productId {
      guard let one = opened.store.subscription(for: productId) else { throw .refused(.noSubscription(productId)) }
      return SubscriptionStatusResult(subscriptions: [one], signer: signer)
    }
    let all = opened.store.accountState.subscriptions.values.sorted { $0.originalId < $1.originalId }
    return SubscriptionStatusResult(subscriptions: all, signer: signer)
  }
}
