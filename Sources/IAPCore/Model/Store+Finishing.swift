import IAPFormats

package extension Store {
  /// `finishTransaction` for each id, all or nothing; returns the finished versions.
  ///
  /// - Parameter downloads: the download state of each product with hosted content: a
  ///   transaction whose download is not finished or cancelled is refused.
  mutating func finish(ids: [UInt64], downloads: [String: DownloadState] = [:]) throws(StoreRefusal) -> [Transaction] {
    // Looked up by id and deduplicated by set, so that `finish --all` on a queue of a hundred
    // thousand renewals stays linear.
    let queue = state.accounts[account]?.queues[device] ?? PaymentQueue()
    var chosen: [Transaction] = []
    var seen = Set<UInt64>()
    for id in ids where seen.insert(id).inserted {
      guard let transaction = queue[id] else {
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
    let heldIds = Set(held.map(\.id))
    let ids = queue.filter { $0.state.isFinishable && !heldIds.contains($0.id) }.map(\.id)
    if ids.isEmpty {
      if let first = held.first, let pending = Self.pendingDownload(of: first, in: downloads) {
        throw .downloadIncomplete(first.id, productId: first.productId, pending)
      }
      throw .nothingToFinish
    }
    return try finish(ids: ids, downloads: downloads)
  }

  /// Whether `transaction` (its latest version) is one `restoreCompletedTransactions` gives
  /// back: a completed purchase or renewal of a non-consumable or an auto-renewable
  /// subscription of this account, not refunded. Completed means finished, or out of the
  /// queue without being finished (a reinstall dropped it). Never consumables, never
  /// non-renewing subscriptions (StoreKit leaves those to the app), never restores.
  func isRestorable(_ transaction: Transaction) -> Bool {
    transaction.account == account && transaction.state == .purchased
      && (transaction.productType?.isRestorable ?? false) && transaction.revocationDate == nil && !transaction.deleted
      && (transaction.finished || queued(transaction.id) == nil)
  }

  /// `restoreCompletedTransactions`: "a new transaction for each previously completed
  /// transaction that can be restored" (Apple): one `restored` transaction per restorable
  /// transaction of `history`, oldest first, each carrying the one it restores as its
  /// original (`SKPaymentTransaction.original`). Running it again gives them all again.
  ///
  /// - Parameter history: the account's transactions, latest versions (those that are not
  ///   `isRestorable` are skipped).
  mutating func restore(from history: [Transaction], now: Timestamp) -> [Transaction] {
    let sources = history.filter(isRestorable).sorted { $0.id < $1.id }
    updateReceipt()
    return sources.map { source in
      var transaction = Transaction(
        id: issueId(), originalId: source.id, productId: source.productId,
        productType: source.productType, state: .restored, quantity: 1, purchaseDate: now,
        originalPurchaseDate: source.purchaseDate, expirationDate: source.expirationDate,
        account: account, device: device, subscriptionGroup: source.subscriptionGroup,
        bundleId: source.bundleId, storefront: source.storefront, price: source.price,
        currency: source.currency)
      transaction.hasDownloads = source.hasDownloads
      record(transaction)
      return transaction
    }
  }
}
