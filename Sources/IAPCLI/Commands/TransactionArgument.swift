import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// Helpers for commands whose argument is a transaction id, as `iap queue` prints it.
enum TransactionArgument {
  /// Prints a use case's transactions as the command's result; with `--json`, each signed.
  ///
  /// A list of `streamingThreshold` or more is printed as it is formatted, in bounded memory
  /// (`TransactionView.printLines` and `printDocument`, the same text): a queue of 104,000
  /// unfinished renewals, formatted whole first, would take hundreds of megabytes. A
  /// shorter one is formatted whole, which costs a command that prints a few lines less.
  /// - Parameter empty: what a terminal is told when there is nothing (`no entitlements`).
  static func print(
    _ result: TransactionsResult, _ context: CommandContext, extra: [(String, JSONValue)] = [], empty: String? = nil
  ) throws(IAPError) {
    let transactions = result.transactions
    if transactions.isEmpty, let empty, !context.globals.json { context.console.emptyListing(empty) }
    if transactions.count >= streamingThreshold {
      let each = { (body: (Transaction) throws(IAPError) -> Void) throws(IAPError) -> Void in
        for transaction in transactions { try body(transaction) }
      }
      if context.globals.json {
        try TransactionView.printDocument(each, signer: result.signer, extra: extra, to: context.console)
      } else {
        try TransactionView.printLines(each, showFinished: false, to: context.console)
      }
    } else if context.globals.json {
      context.console.json(TransactionJSON.document(transactions, signer: result.signer, extra: extra))
    } else {
      TransactionView.lines(transactions).forEach { context.console.line($0) }
    }
  }

  /// From this many transactions on, `print` streams.
  static let streamingThreshold = 1_000
}
