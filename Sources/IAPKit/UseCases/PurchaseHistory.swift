import IAPCore

/// The account's purchase history, read from the log one transaction at a time: a history
/// can hold 100,000 transactions, which are never all in memory (see `TransactionLogIndex`).
///
/// It holds the state open, under its shared lock, for as long as it lives: read it, then
/// let it go.
public struct PurchaseHistory {
  /// Keeps the log open (and locked) while `index` reads from it.
  private let session: StateSession
  private let index: TransactionLogIndex
  private let account: String
  /// The signer for what the store handed out, when asked for.
  public let signer: Signer?

  init(session: StateSession, index: TransactionLogIndex, account: String, signer: Signer?) {
    self.session = session
    self.index = index
    self.account = account
    self.signer = signer
  }

  /// Calls `body` with the latest version of each of the account's transactions, oldest
  /// first, across all devices. May be called more than once (to measure, then print).
  public func forEach(_ body: (Transaction) throws(IAPError) -> Void) throws(IAPError) {
    try index.forEach { t throws(IAPError) in if t.account == account { try body(t) } }
  }
}

extension Workspace {
  /// Use case: every transaction of the account, finished or not, each in its latest state,
  /// to be read through `PurchaseHistory.forEach`.
  ///
  /// - Parameter signed: whether the result carries a signer (for `jwsRepresentation`).
  public func purchaseHistory(signed: Bool = false) throws(IAPError) -> PurchaseHistory {
    let opened = try openStore(forWriting: false)
    return PurchaseHistory(
      session: opened.session, index: try opened.session.latestVersions(), account: account,
      signer: signed ? try signer(opened) : nil)
  }
}
