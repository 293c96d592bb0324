package extension Store {
  /// The App Store Server API's Finish Transaction: `transaction` (its latest version, of any
  /// account) leaves the payment queue of the device it was bought on, as `finish` takes it
  /// out there. Returns the finished version, or nil when it was already out of the queue:
  /// finishing twice changes nothing, as `Transaction.finish()` does not either.
  ///
  /// The server knows nothing of a device's downloads, so hosted content still downloading
  /// does not hold the transaction back (the app's `finish` waits for it).
  mutating func finishFromServer(_ transaction: Transaction) -> Transaction? {
    guard !transaction.finished, transaction.state.isFinishable,
      state.accounts[transaction.account]?.queues[transaction.device]?[transaction.id] != nil
    else { return nil }
    var finished = transaction
    finished.finished = true
    if finished.productType == .consumable && finished.state == .purchased {
      // The receipt updates of the customer's account, not of the store's current account.
      finished.finishedAtReceiptUpdate = state.accounts[transaction.account]?.receiptUpdates ?? 0
    }
    record(finished)
    return finished
  }
}
