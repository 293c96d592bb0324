import IAPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// New and changed transactions since a position of the log, as StoreKit 2's
/// `Transaction.updates` delivers them.
package struct TransactionUpdates {
  /// The account's transaction versions committed after the position asked for, oldest
  /// first, each with the log position just past it (an update stream's event id).
  package var transactions: [(position: Int, transaction: Transaction)]
  /// Where the next read starts.
  package var position: Int
  package var signer: Signer?
}

extension Workspace {
  /// Use case: the account's transaction versions committed after log position `position`
  /// (from now on when nil; from the start when the log is shorter, as after a reset). Opens
  /// the store as every use case does, so renewals and expiries the clock has passed are
  /// committed first, and come with the rest.
  package func transactionUpdates(after position: Int?) throws(IAPError) -> TransactionUpdates {
    let opened = try openStore(forWriting: false)
    let end = opened.session.transactionLogEnd
    guard let position else { return TransactionUpdates(transactions: [], position: end, signer: nil) }
    let start = position > end ? 0 : position
    let versions = try opened.session.transactionVersions(from: start).filter { $0.transaction.account == account }
    return TransactionUpdates(transactions: versions, position: end, signer: versions.isEmpty ? nil : try signer(opened))
  }

  /// The size of the transaction log, from one `stat`: whether anything was committed since
  /// a reader last looked, without opening the state (-1 when there is no log).
  package func transactionLogSize() -> Int {
    var info = stat()
    guard stat(stateDirectory.path + "/transactions.log", &info) == 0 else { return -1 }
    return Int(info.st_size)
  }
}
