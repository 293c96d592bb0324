import IAPCore

extension Workspace {
  /// Use case: the customer asks Apple for a refund of a purchase (finished or not). For a
  /// consumable or an auto-renewable subscription the App Store sends CONSUMPTION_REQUEST.
  package func requestRefund(_ id: UInt64, reason: ConsumptionRequestReason, signed: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, opened throws(IAPError) in
      try SimulatedFailure.check(opened.settings.failRefundRequest, "Transaction.beginRefundRequest(in:): the refund request")
      let purchase = try transactionFromHistory(id, opened.session)
      return [try refusing { () throws(StoreRefusal) in try store.requestRefund(purchase, reason: reason, now: opened.now) }]
    }
  }

  /// Use case: Apple declines the refund request under review (REFUND_DECLINED).
  package func declineRefund(_ id: UInt64, signed: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, opened throws(IAPError) in
      let purchase = try transactionFromHistory(id, opened.session)
      return [try refusing { () throws(StoreRefusal) in try store.declineRefund(purchase, now: opened.now) }]
    }
  }

  /// Use case: Apple reverses a refund it granted (REFUND_REVERSED): the purchase grants its
  /// product again.
  package func reverseRefund(_ id: UInt64, signed: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, opened throws(IAPError) in
      let purchase = try transactionFromHistory(id, opened.session)
      return [try refusing { () throws(StoreRefusal) in try store.reverseRefund(purchase, now: opened.now) }]
    }
  }
}
