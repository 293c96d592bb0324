import IAPCore
import IAPStorage

extension Workspace {
  /// Use case: `SKTestSession.deleteTransaction`: the transaction and the restores that
  /// carry it as their original leave history, the queue and the entitlements.
  package func deleteTransaction(_ id: UInt64, signed: Bool = false) throws(IAPError) -> TransactionsResult {
    try actOnStore(signed: signed) { store, opened throws(IAPError) in
      let history = try IAPError.ofState(opened.session.history())
      guard let target = history.first(where: { $0.id == id && $0.account == account }) else {
        throw .refused(.unknownTransaction(String(id)))
      }
      return try refusing { () throws(StoreRefusal) in try store.delete(target, history: history) }
    }
  }
}
