import IAPCore
import IAPFormats
import IAPStorage

/// The account's purchase history, read from the log one transaction at a time: a history
/// can hold 100,000 transactions, which are never all in memory (see `TransactionLogIndex`).
///
/// It holds the state open, under its shared lock, for as long as it lives: read it, then
/// let it go.
package struct PurchaseHistory {
  /// Keeps the log open (and locked) while `index` reads from it.
  private let session: StateSession
  private let index: TransactionLogIndex
  private let account: String
  private let filter: HistoryFilter
  /// The signer for what the store handed out, when asked for.
  package let signer: Signer?

  init(session: StateSession, index: TransactionLogIndex, account: String, filter: HistoryFilter, signer: Signer?) {
    self.session = session
    self.index = index
    self.account = account
    self.filter = filter
    self.signer = signer
  }

  /// Calls `body` with the latest version of each of the account's transactions that the
  /// filter keeps, oldest first, across all devices. May be called more than once (to
  /// measure, then print).
  package func forEach(_ body: (Transaction) throws(IAPError) -> Void) throws(IAPError) {
    var skip = 0
    if let limit = filter.limit {
      // The last `limit`: a first pass counts what the filter keeps (never holding it).
      var count = 0
      try IAPError.ofState(index.forEach { t in if t.account == account && filter.keeps(t) { count += 1 } })
      skip = max(0, count - limit)
    }
    // The log's failures are the state's; the body's own failure ends the walk's work (the
    // log has no way to stop early) and is thrown once it is over.
    var failure: IAPError?
    try IAPError.ofState(
      index.forEach { t in
        guard failure == nil, t.account == account && filter.keeps(t) else { return }
        if skip > 0 { skip -= 1; return }
        do throws(IAPError) { try body(t) } catch { failure = error }
      })
    if let failure { throw failure }
  }
}

/// Which transactions of the history to show (`history --product --since --limit`).
package struct HistoryFilter: Sendable {
  /// Only this product's.
  package var productId: String?
  /// Only those bought at or after this date.
  package var since: Timestamp?
  /// Only the last this many (the most recent), still oldest first.
  package var limit: Int?

  package init(productId: String? = nil, since: Timestamp? = nil, limit: Int? = nil) {
    self.productId = productId
    self.since = since
    self.limit = limit
  }

  func keeps(_ t: Transaction) -> Bool {
    if let productId, t.productId != productId { return false }
    if let since, t.purchaseDate < since { return false }
    return true
  }
}

extension Workspace {
  /// Use case: every transaction of the account, finished or not, each in its latest state,
  /// to be read through `PurchaseHistory.forEach`.
  ///
  /// - Parameter signed: whether the result carries a signer (for `jwsRepresentation`).
  package func purchaseHistory(signed: Bool = false, filter: HistoryFilter = HistoryFilter()) throws(IAPError) -> PurchaseHistory {
    let opened = try openStore(forWriting: false)
    return PurchaseHistory(
      session: opened.session, index: try IAPError.ofState(opened.session.latestVersions()), account: account, filter: filter,
      signer: signed ? try signer(opened) : nil)
  }
}
