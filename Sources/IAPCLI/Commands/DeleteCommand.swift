import IAPCore
import IAPKit

/// `iap delete ID`: remove a transaction from the store's history.
struct DeleteCommand: Command {
  static let spec = CommandSpec(
    ["delete"], abstract: "Delete a transaction from the store's history.",
    discussion: """
      As SKTestSession.deleteTransaction: the transaction and the restores that carry it as \
      their original disappear from history, the queue and the entitlements. Prints what was deleted.
      """,
    arguments: [ArgumentSpec("id", help: "The transaction's id.")])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try TransactionArgument.print(try context.workspace.deleteTransaction(try TransactionArgument.id(id), signed: context.globals.json), context)
    return .success
  }
}
