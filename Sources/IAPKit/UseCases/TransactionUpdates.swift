import IAPCore
import IAPStorage
import IAPSystem

/// New and changed transactions since a position of the log, as StoreKit 2's
/// `Transaction.updates` delivers them.
package struct TransactionUpdates {
  /// What to send, oldest first, each with the position to resume after it (nil where a
  /// reader that stops there must start over, inside a restart's batch).
  package var transactions: [(position: LogPosition?, transaction: Transaction)]
  /// Where the next read starts.
  package var position: LogPosition
  /// Whether the position asked for was not one of this log's (none given, stale, from
  /// another generation, or forged), so that `transactions` are the unfinished ones, as a
  /// new listener gets them at launch.
  package var restarted: Bool
  package var signer: Signer?
}

extension Workspace {
  /// Use case: the account's transaction versions committed after `position`. A position
  /// that is not a record boundary of the log as it is now (nil for a new listener, or one of
  /// a log since reset, repaired or made again with its namespace) starts over: the
  /// unfinished transactions of this account and device, as StoreKit hands them to a listener
  /// at launch, and then on from the log's end. Opens the store as every use case does, so
  /// renewals and expiries the clock has passed are committed first, and come with the rest.
  package func transactionUpdates(after position: LogPosition?) throws(IAPError) -> TransactionUpdates {
    let opened = try openStore(forWriting: false)
    let session = opened.session
    let end = try IAPError.ofState(session.endPosition())
    if let position, try IAPError.ofState(session.isBoundary(position)) {
      let versions = try IAPError.ofState(session.transactionVersions(after: position).filter { $0.transaction.account == account })
      return TransactionUpdates(
        transactions: versions.map { ($0.position, $0.transaction) }, position: versions.last?.position ?? end, restarted: false,
        signer: versions.isEmpty ? nil : try signer(opened))
    }
    let unfinished = opened.store.queue
    var batch: [(position: LogPosition?, transaction: Transaction)] = unfinished.map { (nil, $0) }
    if !batch.isEmpty { batch[batch.count - 1].position = end }
    return TransactionUpdates(transactions: batch, position: end, restarted: true, signer: batch.isEmpty ? nil : try signer(opened))
  }

  /// Which transaction log file stands in the state folder and how it was when last changed
  /// (one `stat`), so that a reader knows whether anything was committed, or the log replaced,
  /// since it last looked, without opening the state (nil when there is no log).
  package func transactionLogIdentity() -> FileIdentity? {
    FileIdentity(path: stateDirectory.logPath)
  }
}
