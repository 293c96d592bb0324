import IAPCore

extension Workspace {
  /// Use case: `restoreCompletedTransactions`: one restored transaction per non-consumable
  /// and auto-renewable subscription the account bought and finished. Fails as the
  /// `fail-restore` setting says, changing nothing.
  public func restore(signed: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, opened throws(IAPError) in
      if let code = opened.settings.failRestore {
        throw .refused(.requestFailed(
          api: "paymentQueue(_:restoreCompletedTransactionsFailedWithError:): the restore",
          StoreError(code, "simulated failure: \(code.defaultMessage)")))
      }
      return store.restore(now: opened.now)
    }
  }
}
