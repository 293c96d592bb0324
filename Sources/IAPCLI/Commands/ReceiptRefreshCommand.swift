import IAPCore
import IAPKit
import IAPOperations

/// `iap receipt refresh`: `SKReceiptRefreshRequest`.
struct ReceiptRefreshCommand: Command {
  static let spec = CommandSpec(
    ["receipt", "refresh"], operation: AppOperations.refreshReceipt,
    discussion: "An update of the receipt: finished consumables leave it. Prints the new receipt.")

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    context.console.json(try context.workspace.refreshReceipt().receipt.receipt)
    return .success
  }
}
