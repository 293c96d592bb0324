import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `iap reinstall`: delete the app from the device and install it again.
struct ReinstallCommand: Command {
  static let spec = CommandSpec(
    ["reinstall"], operation: AppOperations.reinstall,
    discussion: """
      The device's payment queue starts empty; the account's purchase history stays, so \
      'iap restore' gives back non-consumables and subscriptions. Prints the transactions \
      that left the queue.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.reinstall(signed: context.globals.json)
    try TransactionArgument.print(result, context, extra: [("device", .string(context.device))])
    if !context.globals.json {
      context.console.line("reinstalled the app on device '\(context.device)': \(result.transactions.count) unfinished transactions left the queue")
    }
    return .success
  }
}
