import IAPCore
import IAPStorage

extension Workspace {
  /// Use case: the latest version of this account's transaction `id` (the control plane's
  /// `GET /transactions/{id}`). A server keeps an index from one request to the next
  /// (`StoreReuse.transactionIndex`), so a lookup reads only what the log gained; a command
  /// opens the log's index, and either reads one record.
  package func transaction(_ id: UInt64, signed: Bool = false) throws(IAPError) -> TransactionsResult {
    let opened = try openStore(forWriting: false)
    let found = try IAPError.ofState(opened.session.transaction(id, kept: reuse?.transactionIndex))
    guard let found, found.account == account, !found.deleted else { throw .refused(.unknownTransaction(String(id))) }
    return TransactionsResult(transactions: [found], signer: signed ? try signer(opened) : nil)
  }
}
