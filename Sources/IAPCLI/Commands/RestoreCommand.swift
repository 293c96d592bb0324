import IAPCore
import IAPKit

/// `iap restore`: `restoreCompletedTransactions`.
struct RestoreCommand: Command {
  static let spec = CommandSpec(
    ["restore"], abstract: "Restore completed purchases, as restoreCompletedTransactions does.",
    discussion: """
      Adds one restored transaction to the queue per non-consumable and auto-renewable \
      subscription the account bought and finished, each carrying the first purchase's id as \
      originalId. Consumables and non-renewing subscriptions are never restored. The restored \
      transactions must be finished like any other.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.restore(signed: context.globals.json)
    let count = result.transactions.count
    try TransactionArgument.print(result, context, extra: [("restored", .int(Int64(count)))])
    if !context.globals.json { context.console.line("restore finished: \(count) restored") }
    return .success
  }
}
