import IAPFormats

package extension Store {
  /// `approveAskToBuyTransaction`: a deferred purchase goes through. The new state waits in
  /// the queue for the next launch, as StoreKit delivers it.
  ///
  /// - Parameter product: the catalog's product, for a subscription's expiration.
  mutating func approve(_ id: UInt64, product: Product?, now: Timestamp) throws(StoreRefusal) -> Transaction {
    var transaction = try deferred(id, action: "approved")
    transaction.state = .purchased
    transaction.purchaseDate = now
    transaction.originalPurchaseDate = now
    transaction.expirationDate = expiration(of: product, purchasedAt: now)
    updateReceipt()
    if let product, product.type == .autoRenewable {
      let offer = transaction.offerIdentifier.flatMap(product.promotionalOffer)
      transaction.offerIdentifier = nil
      // The plan the request asked for: the monthly one, if the product still has it.
      let plan = transaction.billingPlanType.flatMap(product.billingPlan)
      transaction.billingPlanType = nil
      subscribe(with: &transaction, to: product, at: now, promotional: offer, billingPlan: plan)
    } else {
      record(transaction)
      notify(.oneTimeCharge, nil, transaction, at: now)
    }
    return transaction
  }

  /// `declineAskToBuyTransaction`: a deferred purchase fails as cancelled.
  mutating func decline(_ id: UInt64) throws(StoreRefusal) -> Transaction {
    var transaction = try deferred(id, action: "declined")
    transaction.state = .failed
    transaction.error = StoreError(.paymentCancelled, "the purchase was declined (Ask to Buy)")
    record(transaction)
    return transaction
  }

  /// `resolveIssueForTransaction` for an interrupted purchase: the customer completes the
  /// purchase outside the app, and a new `purchased` transaction reaches the queue. The failed
  /// transaction keeps its state (the app may already have finished it).
  ///
  /// - Parameters:
  ///   - interrupted: the latest version of the failed transaction, from history.
  ///   - product: the catalog's product, for a subscription's expiration.
  mutating func resolve(_ interrupted: Transaction, product: Product?, now: Timestamp) throws(StoreRefusal) -> Transaction {
    guard interrupted.purchaseIssue, interrupted.account == account else {
      throw .wrongState(interrupted.id, interrupted.state, "it has no purchase issue to resolve")
    }
    var resolved = interrupted
    resolved.purchaseIssue = false
    record(resolved)
    let newId = issueId()
    let purchase = Transaction(
      id: newId, originalId: newId, productId: interrupted.productId, productType: interrupted.productType,
      state: .purchased, quantity: interrupted.quantity, purchaseDate: now, originalPurchaseDate: now,
      expirationDate: expiration(of: product, purchasedAt: now),
      applicationUsername: interrupted.applicationUsername, account: account, device: interrupted.device,
      subscriptionGroup: interrupted.subscriptionGroup, bundleId: interrupted.bundleId,
      storefront: interrupted.storefront, price: interrupted.price, currency: interrupted.currency)
    updateReceipt()
    var delivered = purchase
    if let product, product.type == .autoRenewable {
      subscribe(with: &delivered, to: product, at: now)
    } else {
      record(purchase)
      notify(.oneTimeCharge, nil, purchase, at: now)
    }
    return delivered
  }

  /// The queued transaction `id`, which must be waiting for Ask to Buy approval.
  private func deferred(_ id: UInt64, action: String) throws(StoreRefusal) -> Transaction {
    guard let transaction = queued(id) else {
      if id >= state.nextId { throw .unknownTransaction(String(id)) }
      throw .notInQueue(id, why: "only a deferred transaction waiting in the queue can be \(action)")
    }
    guard transaction.state == .deferred else {
      throw .wrongState(id, transaction.state, "only a deferred transaction can be \(action)")
    }
    return transaction
  }
}
