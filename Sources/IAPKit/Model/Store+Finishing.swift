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
    return chosen.map { transaction in
      var finished = transaction
      finished.finished = true
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
  /// auto-renewable subscription the account completed a purchase of, oldest first.
  public mutating func restore(now: Timestamp) -> [Transaction] {
    let restorable = accountState.ownership.values
      .filter { $0.productType.isRestorable && $0.restorable }
      .sorted { $0.originalId < $1.originalId }
    return restorable.map { owned in
      let transaction = Transaction(
        id: issueId(), originalId: owned.originalId, productId: owned.productId, productType: owned.productType,
        state: .restored, quantity: 1, purchaseDate: now, originalPurchaseDate: owned.originalPurchaseDate,
        expirationDate: owned.expirationDate, account: account, device: device)
      record(transaction)
      return transaction
    }
  }
}
