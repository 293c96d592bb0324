import IAPCore

extension Workspace {
  /// Use case: an app launch with a transaction observer: every unfinished transaction of
  /// this account on this device, oldest first, as `paymentQueue(_:updatedTransactions:)`
  /// receives them. Reads only; the time is run up to now first, as every use case does.
  package func queue(signed: Bool = false) throws(IAPError) -> TransactionsResult {
    let opened = try openStore(forWriting: false)
    return TransactionsResult(transactions: opened.store.queue, signer: signed ? try signer(opened) : nil)
  }
}
