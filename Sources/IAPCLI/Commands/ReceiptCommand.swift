import IAPCore
import IAPKit
import IAPOperations

/// `iap receipt`: the app receipt, as `verifyReceipt` shows it.
struct ReceiptCommand: Command {
  static let spec = CommandSpec(
    ["receipt"], operation: ReceiptOperation.spec,
    discussion: """
      Prints the receipt in the shape of verifyReceipt's 'receipt' object: bundle_id and in_app \
      entries with product_id, transaction_id, original_transaction_id, quantity, the purchase, \
      expiry and cancellation dates. A consumable is in the receipt until its transaction is \
      finished, and leaves at the next receipt update (a purchase, a restore, 'iap receipt \
      refresh'). With --base64, prints the receipt data an app would send to its server.
      """)

  let request: ReceiptRequest

  init(_ invocation: Invocation) throws(IAPError) { request = try ReceiptOperation.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.receipt(request)
    if let data = result.data {
      context.console.line(data)
    } else {
      context.console.json(result.receipt.receipt)
    }
    return .success
  }
}
