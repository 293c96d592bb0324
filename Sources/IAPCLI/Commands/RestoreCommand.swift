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
    var opened = try context.workspace.openStore(forWriting: true)
    let session = opened.session
    if let code = try context.workspace.settings(session).failRestore {
      throw .refused(.requestFailed(
        api: "paymentQueue(_:restoreCompletedTransactionsFailedWithError:): the restore", StoreError(code, "simulated failure: \(code.defaultMessage)")))
    }
    let restored = opened.store.restore(now: opened.now)
    try session.commit(opened.store.changes, state: opened.store.state)
    if context.globals.json {
      context.console.json(
        TransactionView.document(restored, signer: try context.signer(opened), extra: [("restored", .int(Int64(restored.count)))]))
    } else {
      TransactionView.lines(restored).forEach { context.console.line($0) }
      context.console.line("restore finished: \(restored.count) restored")
    }
    return .success
  }
}
