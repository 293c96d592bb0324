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

  /// Prints a use case's transactions as the command's result; with `--json`, each signed.
  static func print(_ result: TransactionsResult, _ context: CommandContext, extra: [(String, JSONValue)] = []) {
    if context.globals.json {
      context.console.json(TransactionView.document(result.transactions, signer: result.signer, extra: extra))
    } else {
      TransactionView.lines(result.transactions).forEach { context.console.line($0) }
    }
  }
}
