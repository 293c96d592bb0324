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
