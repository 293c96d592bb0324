import IAPCore
import IAPKit
import IAPOperations
import IAPFormats

/// `iap history`: the account's whole purchase history.
struct HistoryCommand: Command {
  static let spec = CommandSpec(
    ["history"], operation: HistoryOperation.spec,
    discussion: """
      Oldest first, across all devices, each in its latest state. --product, --since and \
      --limit narrow it: one product's, those bought from a date on, the last N of them.
      """)

  let filter: HistoryFilter

  init(_ invocation: Invocation) throws(IAPError) {
    filter = try HistoryOperation.filter(invocation)
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    // Streamed from the log, one transaction at a time: a history can be long.
    let history = try context.workspace.purchaseHistory(signed: context.globals.json, filter: filter)
    if context.globals.json {
      try TransactionView.printDocument(history.forEach, signer: history.signer, to: context.console)
    } else {
      var any = false
      let each = { (body: (Transaction) throws(IAPError) -> Void) throws(IAPError) -> Void in
        try history.forEach { t throws(IAPError) in
          any = true
          try body(t)
        }
      }
      try TransactionView.printLines(each, to: context.console)
      if !any { context.console.emptyListing("no transactions") }
    }
    return .success
  }
}
