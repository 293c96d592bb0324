/// `iap history`: the account's whole purchase history.
struct HistoryCommand: Command {
  static let spec = CommandSpec(
    ["history"], abstract: "Show every transaction of the account, finished or not.",
    discussion: "Oldest first, across all devices, each in its latest state.")

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let opened = try context.openStore(forWriting: false)
    let transactions = try opened.session.history().filter { $0.account == context.account }
    if context.globals.json {
      context.console.json(TransactionView.document(transactions, signer: try context.signer(opened)))
    } else {
      TransactionView.lines(transactions, showFinished: true).forEach { context.console.line($0) }
    }
    return .success
  }
}
