import IAPCore
import IAPStorage

/// What a use case that acts on transactions hands back: the transactions as they now
/// stand, in the order the app's observer receives them, and the signer for their
/// `jwsRepresentation` when the caller asked for it.
package struct TransactionsResult {
  package var transactions: [Transaction]
  package var signer: Signer?

  package init(transactions: [Transaction], signer: Signer?) {
    self.transactions = transactions
    self.signer = signer
  }
}

extension Workspace {
  /// Opens the state for writing, runs `action` on the store, commits what it recorded and
  /// returns what it gave. A refusal (thrown) changes nothing.
  func actOnStore(
    signed: Bool, _ action: (inout Store, OpenedStore) throws(IAPError) -> [Transaction]
  ) throws(IAPError) -> TransactionsResult {
    var opened = try openStore(forWriting: true)
    let transactions = try action(&opened.store, opened)
    try opened.commit()
    return TransactionsResult(transactions: transactions, signer: signed ? try signer(opened) : nil)
  }

  /// The latest version of this account's transaction `id`, from history, or the refusal
  /// that names it unknown.
  package func transactionFromHistory(_ id: UInt64, _ session: StateSession) throws(IAPError) -> Transaction {
    if let transaction = try IAPError.ofState(session.transaction(id, account: account)) { return transaction }
    throw .refused(.unknownTransaction(String(id)))
  }

  /// The catalog's product for an auto-renewable subscription (its period sets the
  /// expiration date); nil for other kinds, so that only then is the catalog read.
  func productIfSubscription(_ transaction: Transaction?) throws(IAPError) -> Product? {
    guard let transaction, transaction.productType == .autoRenewable else { return nil }
    return try loadCatalog().product(transaction.productId)
  }
}

/// A store refusal as the use case's error.
func refusing<T>(_ body: () throws(StoreRefusal) -> T) throws(IAPError) -> T {
  do { return try body() } catch { throw .refused(error) }
}
