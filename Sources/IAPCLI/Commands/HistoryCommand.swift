import IAPCore
import IAPKit

/// `iap history`: the account's whole purchase history.
struct HistoryCommand: Command {
  static let spec = CommandSpec(
    ["history"], abstract: "Show every transaction of the account, finished or not.",
    discussion: "Oldest first, across all devices, each in its latest state.")

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    // Streamed from the log, one transaction at a time: a history can be long.
    let history = try context.workspace.purchaseHistory(signed: context.globals.json)
    if context.globals.json {
      try TransactionView.printDocument(history.forEach, signer: history.signer, to: context.console)
    } else {
      try TransactionView.printLines(history.forEach, to: context.console)
    }
    return .success
  }
}
