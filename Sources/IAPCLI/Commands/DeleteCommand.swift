import IAPCore
import IAPKit
import IAPOperations

/// `iap delete ID`: remove a transaction from the store's history.
struct DeleteCommand: Command {
  static let spec = CommandSpec(
    ["delete"], operation: TransactionActions.delete.spec,
    discussion: """
      As SKTestSession.deleteTransaction: the transaction and the restores that carry it as \
      their original disappear from history, the queue and the entitlements. Prints what was deleted.
      """,
    arguments: [ArgumentSpec("id", TransactionActions.delete.id)])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = try TransactionActions.delete.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try TransactionArgument.print(try TransactionActions.delete.perform(id, in: context.workspace, signed: context.globals.json), context)
    return .success
  }
}
