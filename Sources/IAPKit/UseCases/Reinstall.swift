import IAPCore

extension Workspace {
  /// Use case: the app is deleted from the device and installed again: the device's queue
  /// starts empty, the account's history stays. Returns what left the queue.
  package func reinstall(signed: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, _ in store.reinstall() }
  }
}
