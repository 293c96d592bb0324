import IAPCore

/// What `resetState` removed.
public struct ResetResult: Sendable {
  /// The state folder that is now empty.
  public var path: String
}

/// What `clearTransactions` removed.
public struct ClearResult: Sendable {
  /// The account whose transactions are gone.
  public var account: String
}

/// `SKTestSession`'s ways to start over: the whole state, an account (a device: `reinstall`;
/// a transaction: `deleteTransaction`).
extension Workspace {
  /// Use case: removes all state (every account, transaction, setting and the clock). Does
  /// not read the state first, so it also mends a damaged state folder.
  public func resetState() throws(IAPError) -> ResetResult {
    try stateDirectory.reset()
    return ResetResult(path: stateDirectory.path)
  }

  /// Use case: `SKTestSession.clearTransactions()`: removes every transaction of the
  /// account (history, queues, purchases); settings and other accounts stay, ids keep
  /// increasing.
  public func clearTransactions() throws(IAPError) -> ClearResult {
    var opened = try openStore(forWriting: true)
    opened.store.clear()
    try opened.commit()
    return ClearResult(account: account)
  }
}
