import IAPCore

extension Workspace {
  /// Use case: `Transaction.currentEntitlements`: the latest purchase of each owned
  /// non-consumable, each active auto-renewable and non-renewing subscription.
  package func entitlements(signed: Bool = false) throws(IAPError) -> TransactionsResult {
    let opened = try openStore(forWriting: false)
    return TransactionsResult(transactions: opened.store.entitlements(), signer: signed ? try signer(opened) : nil)
  }
}
