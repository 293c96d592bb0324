import IAPCore
import IAPKit

/// `iap history`: the account's whole purchase history.
struct HistoryCommand: Command {
  static let spec = CommandSpec(
    ["history"], abstract: "Show every transaction of the account, finished or not.",
    discussion: "Oldest first, across all devices, each in its latest state.")

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let opened = try context.workspace.openStore(forWriting: false)
    // Streamed from the log, one transaction at a time: a history can be long.
    let index = try opened.session.latestVersions()
    let account = context.account
    let each = { (body: (Transaction) throws(IAPError) -> Void) throws(IAPError) in
      try index.forEach { t throws(IAPError) in if t.account == account { try body(t) } }
    }
    if context.globals.json {
      try TransactionView.printDocument(each, signer: try context.signer(opened), to: context.console)
    } else {
      try TransactionView.printLines(each, to: context.console)
    }
    return .success
  }
}
