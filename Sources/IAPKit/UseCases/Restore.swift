import IAPCore
import IAPStorage

extension Workspace {
  /// Use case: `restoreCompletedTransactions`: one restored transaction per completed
  /// purchase and renewal of a non-consumable or auto-renewable subscription, read from the
  /// history one transaction at a time. Fails as the `fail-restore` setting says, changing
  /// nothing; with `sync`, as StoreKit 2's `AppStore.sync()` (the same outcome), which fails
  /// as `fail-app-store-sync` says instead.
  package func restore(signed: Bool = false, sync: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, opened throws(IAPError) in
      if sync {
        try SimulatedFailure.check(opened.settings.failAppStoreSync, "AppStore.sync(): the sync")
      } else if let code = opened.settings.failRestore {
        throw .refused(.requestFailed(
          api: "paymentQueue(_:restoreCompletedTransactionsFailedWithError:): the restore",
          StoreError(code, "simulated failure: \(code.defaultMessage)")))
      }
      var sources: [Transaction] = []
      let candidates = store
      try IAPError.ofState(opened.session.latestVersions().forEach { t in if candidates.isRestorable(t) { sources.append(t) } })
      return store.restore(from: sources, now: opened.now)
    }
  }
}
