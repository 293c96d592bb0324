import IAPCore

/// Which subscriptions' status to read.
public struct SubscriptionStatusRequest: Sendable {
  /// A product id of one subscription (or of its group); nil for all of the account's.
  public var productId: String?

  public init(productId: String? = nil) { self.productId = productId }
}

/// Where the account's subscriptions stand.
public struct SubscriptionStatusResult {
  /// The subscriptions asked for, by original transaction id.
  public var subscriptions: [Subscription]
}

extension Workspace {
  /// Use case: the status of one of the account's subscriptions, or of all of them. Asking
  /// for a product the account has no subscription to is a refusal.
  public func subscriptionStatus(_ request: SubscriptionStatusRequest) throws(IAPError) -> SubscriptionStatusResult {
    let opened = try openStore(forWriting: false)
    if let productId = request.productId {
      guard let one = opened.store.subscription(for: productId) else { throw .refused(.noSubscription(productId)) }
      return SubscriptionStatusResult(subscriptions: [one])
    }
    let all = opened.store.accountState.subscriptions.values.sorted { $0.originalId < $1.originalId }
    return SubscriptionStatusResult(subscriptions: all)
  }
}
