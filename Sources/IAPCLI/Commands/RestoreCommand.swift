import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `iap restore`: `restoreCompletedTransactions`.
struct RestoreCommand: Command {
  static let spec = CommandSpec(
    ["restore"], operation: AccountOperations.restore,
    discussion: """
      Adds one restored transaction to the queue per non-consumable and auto-renewable \
      subscription the account bought and finished, each carrying the first purchase's id as \
      originalId. Consumables and non-renewing subscriptions are never restored. The restored \
      transactions must be finished like any other. With --sync, as StoreKit 2's \
      AppStore.sync() (the same outcome; it fails as fail-app-store-sync says, not \
      fail-restore).
      """)

  let sync: Bool

  init(_ invocation: Invocation) throws(IAPError) { sync = try invocation.value(AccountOperations.sync, default: false) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.restore(signed: context.globals.json, sync: sync)
    let count = result.transactions.count
    try TransactionArgument.print(result, context, extra: [("restored", .int(Int64(count)))])
    if !context.globals.json { context.console.line("restore finished: \(count) restored") }
    return .success
  }
}
