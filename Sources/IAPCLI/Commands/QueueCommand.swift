import IAPCore
import IAPKit

/// `iap queue`: an app launch with a transaction observer registered.
struct QueueCommand: Command {
  static let spec = CommandSpec(
    ["queue"], abstract: "Show the unfinished transactions an app receives at launch.",
    discussion: """
      Lists every unfinished transaction of this account on this device, oldest first, as \
      paymentQueue(_:updatedTransactions:) receives them after a relaunch. They come back at \
      every launch until finished.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let opened = try context.workspace.openStore(forWriting: false)
    let store = opened.store
    if context.globals.json {
      context.console.json(TransactionView.document(store.queue, signer: try context.signer(opened)))
    } else {
      TransactionView.lines(store.queue).forEach { context.console.line($0) }
    }
    return .success
  }
}
