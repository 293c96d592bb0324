import IAPCore

extension Workspace {
  /// Use case: the App Store refunds a purchase (finished or not): `revocationDate` and
  /// `revocationReason` are set, the product leaves the entitlements, a subscription ends.
  /// `percentage` (milliunits) makes it a prorated refund (REFUND_PRORATED).
  package func refund(_ id: UInt64, reason: RevocationReason, percentage: Int? = nil, signed: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, opened throws(IAPError) in
      let purchase = try transactionFromHistory(id, opened.session)
      return [try refusing { () throws(StoreRefusal) in try store.refund(purchase, reason: reason, percentage: percentage, now: opened.now) }]
    }
  }
}
