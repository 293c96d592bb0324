import IAPCore
import IAPKit
import IAPOperations

/// `iap queue`: an app launch with a transaction observer registered.
struct QueueCommand: Command {
  static let spec = CommandSpec(
    ["queue"], operation: StoreViewOperations.queue,
    discussion: """
      Lists every unfinished transaction of this account on this device, oldest first, as \
      paymentQueue(_:updatedTransactions:) receives them after a relaunch. They come back at \
      every launch until finished.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try TransactionArgument.print(try context.workspace.queue(signed: context.globals.json), context, empty: "no unfinished transactions")
    return .success
  }
}
