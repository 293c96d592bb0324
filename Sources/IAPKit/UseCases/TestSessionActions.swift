import IAPCore
import IAPStorage

/// What `resetState` removed.
package struct ResetResult: Sendable {
  /// The state folder that is now empty.
  package var path: String
}

/// What `clearTransactions` removed.
package struct ClearResult: Sendable {
  /// The account whose transactions are gone.
  package var account: String
}

/// `SKTestSession`'s ways to start over: the whole state, an account (a device: `reinstall`;
/// a transaction: `deleteTransaction`).
extension Workspace {
  /// Use case: removes all state (every account, transaction, setting and the clock). Does
  /// not read the state first, so it also mends a damaged state folder.
  package func resetState() throws(IAPError) -> ResetResult {
    try IAPError.ofState(stateDirectory.reset())
    return ResetResult(path: stateDirectory.path)
  }

  /// Use case: `SKTestSession.clearTransactions()`: removes every transaction of the
  /// account (history, queues, purchases); settings and other accounts stay, ids keep
  /// increasing.
  package func clearTransactions() throws(IAPError) -> ClearResult {
    var opened = try openStore(forWriting: true)
    opened.store.clear()
    try opened.commit()
    return ClearResult(account: account)
  }
}
