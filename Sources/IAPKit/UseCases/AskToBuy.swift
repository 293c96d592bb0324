import IAPCore

extension Workspace {
  /// Use case: a parent approves an Ask to Buy request; the deferred transaction becomes
  /// purchased, delivered at the app's next launch.
  package func approve(_ id: UInt64, signed: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, opened throws(IAPError) in
      let product = try productIfSubscription(store.queued(id))
      return [try refusing { () throws(StoreRefusal) in try store.approve(id, product: product, now: opened.now) }]
    }
  }

  /// Use case: a parent declines an Ask to Buy request; the deferred transaction fails with
  /// `paymentCancelled`.
  package func decline(_ id: UInt64, signed: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, _ throws(IAPError) in
      [try refusing { () throws(StoreRefusal) in try store.decline(id) }]
    }
  }
}
