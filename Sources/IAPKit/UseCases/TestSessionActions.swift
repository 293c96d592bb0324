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

/// What `reinstallApp` did.
public struct ReinstallResult {
  /// The device the app was reinstalled on.
  public var device: String
  /// The unfinished transactions that were waiting in the device's queue (every account's).
  public var dropped: [Transaction]
  /// The signer for what the store handed out, when asked for.
  public var signer: Signer?
}

/// What `deleteTransaction` did.
public struct DeleteTransactionResult {
  /// The transaction, and the restores that carried it as their original.
  public var deleted: [Transaction]
  /// The signer for what the store handed out, when asked for.
  public var signer: Signer?
}

/// `SKTestSession`'s ways to start over: the whole state, an account, a device, a transaction.
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

  /// Use case: deletes the app from the device and installs it again: the device's payment
  /// queue starts empty; the account's purchase history stays, for a restore.
  ///
  /// - Parameter signed: whether the result carries a signer (for `jwsRepresentation`).
  public func reinstallApp(signed: Bool = false) throws(IAPError) -> ReinstallResult {
    var opened = try openStore(forWriting: true)
    let dropped = opened.store.reinstall()
    try opened.commit()
    return ReinstallResult(device: device, dropped: dropped, signer: signed ? try signer(opened) : nil)
  }

  /// Use case: `SKTestSession.deleteTransaction(identifier:)`: transaction `id` of the
  /// account, and the restores that carry it as their original, leave history, the queue
  /// and the entitlements. An id the account's history does not have is refused, and
  /// changes nothing.
  ///
  /// - Parameter signed: whether the result carries a signer (for `jwsRepresentation`).
  public func deleteTransaction(_ id: UInt64, signed: Bool = false) throws(IAPError) -> DeleteTransactionResult {
    var opened = try openStore(forWriting: true)
    // Restores of the transaction are found in history: it is read whole.
    let history = try opened.session.history()
    guard let target = history.first(where: { $0.id == id && $0.account == account }) else {
      throw .refused(.unknownTransaction(String(id)))
    }
    let deleted: [Transaction]
    do { deleted = try opened.store.delete(target, history: history) } catch { throw .refused(error) }
    try opened.commit()
    return DeleteTransactionResult(deleted: deleted, signer: signed ? try signer(opened) : nil)
  }
}
