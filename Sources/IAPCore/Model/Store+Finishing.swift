public extension Store {
  /// `finishTransaction` for each id, all or nothing; returns the finished versions.
  ///
  /// - Parameter downloads: the download state of each product with hosted content: a
  ///   transaction whose download is not finished or cancelled is refused.
  mutating func finish(ids: [UInt64], downloads: [String: DownloadState] = [:]) throws(StoreRefusal) -> [Transaction] {
    let queue = self.queue
    var chosen: [Transaction] = []
    for id in ids where !chosen.contains(where: { $0.id == id }) {
      guard let transaction = queue.first(where: { $0.id == id }) else {
        if id >= state.nextId { throw .unknownTransaction(String(id)) }
        throw .notInQueue(id, why: "it is already finished, or queued for another account or device")
      }
      guard transaction.state.isFinishable else { throw .notFinishable(id, transaction.state) }
      if let pending = Self.pendingDownload(of: transaction, in: downloads) {
        throw .downloadIncomplete(id, productId: transaction.productId, pending)
      }
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

  /// `finishTransaction` for every finishable transaction in the queue. Those whose content
  /// is still downloading stay (`heldByDownloads`); if nothing else is left, the first of
  /// them is the refusal.
  mutating func finishAll(downloads: [String: DownloadState] = [:]) throws(StoreRefusal) -> [Transaction] {
    let held = heldByDownloads(downloads)
    let ids = queue.filter { $0.state.isFinishable && !held.contains($0) }.map(\.id)
    if ids.isEmpty {
      if let first = held.first, let pending = Self.pendingDownload(of: first, in: downloads) {
        throw .downloadIncomplete(first.id, productId: first.productId, pending)
      }
      throw .nothingToFinish
    }
    return try finish(ids: ids, downloads: downloads)
  }

  /// `restoreCompletedTransactions`: one new `restored` transaction per non-consumable and
  /// auto-renewable subscription the account completed a purchase of, oldest first, each
  /// carrying the first purchase as its original.
  mutating func restore(now: Timestamp) -> [Transaction] {
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
      var transaction = Transaction(
        id: issueId(), originalId: source.originalId, productId: source.latest.productId,
        productType: source.latest.productType, state: .restored, quantity: 1, purchaseDate: now,
        originalPurchaseDate: source.originalDate, expirationDate: source.latest.expirationDate,
        account: account, device: device, subscriptionGroup: source.latest.subscriptionGroup,
        bundleId: source.latest.bundleId, storefront: source.latest.storefront, price: source.latest.price,
        currency: source.latest.currency)
      transaction.hasDownloads = source.latest.hasDownloads
      record(transaction)
      return transaction
    }
  }
}
