import IAPCore
import IAPKit

/// Helpers for commands whose argument is a transaction id, as `iap queue` prints it.
enum TransactionArgument {
  /// The id in `text` (a leading `#` is accepted); anything else is an unknown transaction.
  static func id(_ text: String) throws(IAPError) -> UInt64 {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard let id = UInt64(digits) else { throw .refused(.unknownTransaction(text)) }
    return id
  }

  /// The latest version of transaction `id` of the account, from history, or the reason
  /// there is none.
  static func fromHistory(_ id: UInt64, _ session: StateSession, _ context: CommandContext) throws(IAPError) -> Transaction {
    if let transaction = try session.transaction(id, account: context.account) { return transaction }
    throw .refused(.unknownTransaction(String(id)))
  }

  /// Runs a store action on transaction `text`: opens the state for writing, acts, commits
  /// the action's records and prints what it returns. A refusal changes nothing.
  static func perform(
    _ text: String, _ context: CommandContext,
    _ action: (inout Store, UInt64, OpenedStore) throws(IAPError) -> [Transaction]
  ) throws(IAPError) -> ExitCode {
    let id = try self.id(text)
    let opened = try context.workspace.openStore(forWriting: true)
    var store = opened.store
    let result = try action(&store, id, opened)
    try opened.session.commit(store.changes, state: store.state)
    try print(result, context, opened)
    return .success
  }

  /// A store refusal as the command's error.
  static func refusing<T>(_ body: () throws(StoreRefusal) -> T) throws(IAPError) -> T {
    do { return try body() } catch { throw .refused(error) }
  }

  /// Prints transactions as the command's result; with `--json`, each is signed.
  static func print(
    _ transactions: [Transaction], _ context: CommandContext, _ opened: OpenedStore, extra: [(String, JSONValue)] = []
  ) throws(IAPError) {
    if context.globals.json {
      context.console.json(TransactionView.document(transactions, signer: try context.signer(opened), extra: extra))
    } else {
      TransactionView.lines(transactions).forEach { context.console.line($0) }
    }
  }
}
