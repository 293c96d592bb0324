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
      transactions must be finished like any other. With --sync, as StoreKit 2's \
      AppStore.sync() (the same outcome; it fails as fail-app-store-sync says, not \
      fail-restore).
      """,
    options: [OptionSpec("sync", help: "Restore as AppStore.sync() does (simulated failures: fail-app-store-sync).")])

  let sync: Bool

  init(_ invocation: Invocation) throws(IAPError) { sync = invocation.flag("sync") }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.restore(signed: context.globals.json, sync: sync)
    let count = result.transactions.count
    try TransactionArgument.print(result, context, extra: [("restored", .int(Int64(count)))])
    if !context.globals.json { context.console.line("restore finished: \(count) restored") }
    return .success
  }
}
