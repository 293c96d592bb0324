import IAPCore

extension Workspace {
  /// Use case: `resolveIssueForTransaction`. An interrupted purchase is completed outside
  /// the app (a new purchased transaction; the failed one stays as it was); a subscription
  /// in billing retry or grace period has its renewal payment go through.
  package func resolve(_ id: UInt64, signed: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, opened throws(IAPError) in
      // The failed transaction may already be finished, so look beyond the queue.
      var found = store.queued(id)
      if found == nil { found = try transactionFromHistory(id, opened.session) }
      let interrupted = found!
      if let group = interrupted.subscriptionGroup, !interrupted.purchaseIssue,
        store.accountState.subscriptions[group]?.originalId == interrupted.originalId
      {
        return [try refusing { () throws(StoreRefusal) in try store.resolveBilling(group, now: opened.now) }]
      }
      let product = try productIfSubscription(interrupted)
      return [try refusing { () throws(StoreRefusal) in try store.resolve(interrupted, product: product, now: opened.now) }]
    }
  }
}
