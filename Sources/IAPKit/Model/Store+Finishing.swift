extension Store {
  /// `finishTransaction` for each id, all or nothing; returns the finished versions.
  public mutating func finish(ids: [UInt64]) throws(StoreRefusal) -> [Transaction] {
    let queue = self.queue
    var chosen: [Transaction] = []
    for id in ids where !chosen.contains(where: { $0.id == id }) {
      guard let transaction = queue.first(where: { $0.id == id }) else {
        if id >= state.nextId { throw .unknownTransaction(String(id)) }
        throw .notInQueue(id, why: "it is already finished, or queued for another account or device")
      }
      guard transaction.state.isFinishable else { throw .notFinishable(id, transaction.state) }
      chosen.append(transaction)
    }
    let updates = accountState.receiptUpdates
    return chosen.map { transaction in
      var finished = transaction
      finished.finished = true
      if finished.productType == .consumable && finished.state == .purchased {
        finished.finishedAtReceiptUpdate = updates
      }
      record(finished)
      return finished
    }
  }

  /// `finishTransaction` for every finishable transaction in the queue.
  public mutating func finishAll() throws(StoreRefusal) -> [Transaction] {
    let ids = queue.filter { $0.state.isFinishable }.map(\.id)
    if ids.isEmpty { throw .nothingToFinish }
    return try finish(ids: ids)
  }

  /// `restoreCompletedTransactions`: one new `restored` transaction per non-consumable and
  /// auto-renewable subscription the account completed a purchase of, oldest first, each
  /// carrying the first purchase as its original.
  public mutating func restore(now: Timestamp) -> [Transaction] {
    var sources: [(originalId: UInt64, originalDate: Timestamp, latest: Transaction)] = []
    for owned in accountState.ownership.values where owned.productType.isRestorable && owned.restorable {
      sources.append((owned.originalId, owned.originalPurchaseDate, owned.latest))
    }
    // A refunded subscription is not given back, like a refunded non-consumable.
    for subscription in accountState.subscriptions.values where subscription.restorable && subscription.status != .revoked {
      sources.append((subscription.originalId, subscription.originalPurchaseDate, subscription.latest))
    }
    updateReceipt()
    return sources.sorted { $0.originalId < $1.originalId }.map { source in
      let transaction = Transaction(
        id: issueId(), originalId: source.originalId, productId: source.latest.productId,
        productType: source.latest.productType, state: .restored, quantity: 1, purchaseDate: now,
        originalPurchaseDate: source.originalDate, expirationDate: source.latest.expirationDate,
        account: account, device: device, subscriptionGroup: source.latest.subscriptionGroup,
        bundleId: source.latest.bundleId, storefront: source.latest.storefront, price: source.latest.price,
        currency: source.latest.currency)
      record(transaction)
      return transaction
    }
  }
}
