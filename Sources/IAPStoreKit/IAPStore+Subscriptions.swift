import IAPFormats

extension IAPStore {
  /// `Product.SubscriptionInfo.status(for:)`: the subscriptions of the group `productID`
  /// belongs to (or of every group, for nil), each with its signed renewal info.
  public func subscriptionStatus(for productID: String? = nil) async throws(IAPStoreError) -> [SubscriptionStatus] {
    let query = productID.map { "?productId=" + Self.escape($0) } ?? ""
    var statuses: [SubscriptionStatus] = []
    for item in try Self.request("GET", base + "/subscriptions" + query)["subscriptions"]?.arrayValue ?? [] {
      guard let state = item["state"]?.stringValue.flatMap(SubscriptionStatus.RenewalState.init(rawValue:)),
        let transaction = item["signedTransactionInfo"]?.stringValue, let renewal = item["signedRenewalInfo"]?.stringValue
      else { throw IAPStoreError(status: 0, name: "invalidAnswer", message: "a subscription status without its signed values") }
      statuses.append(SubscriptionStatus(
        state: state, transaction: try verifier.transaction(transaction),
        renewalInfo: try verifier.verify(renewal) { (payload) throws(VerificationError) in try RenewalInfo(jws: renewal, payload: payload) }))
    }
    return statuses
  }

  /// `AppStore.showManageSubscriptions(in:subscriptionGroupID:)`: opens the sheet on every
  /// group the account subscribed in (or on `subscriptionGroupID`, a group or one of its
  /// products). The customer's choices in it are the store's actions (cancel, resume, buy
  /// another plan), which reach the app as `updates`; what the app sees here is whether the
  /// sheet opened, failing as StoreKit's does under `fail-manage-subscriptions`. Returns the
  /// groups it showed.
  @discardableResult
  public func showManageSubscriptions(subscriptionGroupID: String? = nil) async throws(IAPStoreError) -> [String] {
    let query = subscriptionGroupID.map { "?subscriptionGroupID=" + Self.escape($0) } ?? ""
    let groups = try Self.request("GET", base + "/subscriptions/manage" + query)["groups"]?.arrayValue ?? []
    return groups.compactMap { $0["subscriptionGroup"]?.stringValue }
  }

  /// `AppTransaction.shared`.
  public func appTransaction() async throws(IAPStoreError) -> VerificationResult<AppTransaction> {
    guard let jws = try Self.request("GET", base + "/app-transaction")["signedAppTransaction"]?.stringValue else {
      throw IAPStoreError(status: 0, name: "invalidAnswer", message: "no signed app transaction")
    }
    return try verifier.verify(jws) { (payload) throws(VerificationError) in try AppTransaction(jws: jws, payload: payload) }
  }
}

extension IAPStore {
  /// `product.subscription?.isEligibleForIntroOffer`: whether buying it now would redeem its
  /// introductory offer (the account's first subscription in the group).
  public func isEligibleForIntroOffer(_ product: Product) async throws(IAPStoreError) -> Bool {
    let answer = try Self.request("GET", base + "/subscriptions/" + Self.escape(product.id) + "/eligibility")
    return answer["isEligibleForIntroOffer"]?.boolValue ?? false
  }
}
