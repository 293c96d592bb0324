import IAPCore
import IAPKit
import IAPOperations

/// `iap receipt verify`: answers as Apple's `verifyReceipt` endpoint does.
struct ReceiptVerifyCommand: Command {
  static let spec = CommandSpec(
    ["receipt", "verify"], operation: ReceiptVerifyOperation.spec,
    discussion: """
      Prints verifyReceipt's response: status 0 with receipt, and latest_receipt, \
      latest_receipt_info and pending_renewal_info when the receipt holds an auto-renewable \
      subscription; 21002 for malformed data; 21003 for data \
      that was altered; 21004 for a wrong shared secret (when the catalog sets sharedSecret); \
      21007 for this sandbox receipt sent to the production endpoint. Exits 0 for status 0, \
      1 otherwise. Without --data, verifies the current receipt.
      """)

  let request: VerifyReceiptRequest

  init(_ invocation: Invocation) throws(IAPError) { request = try ReceiptVerifyOperation.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.verifyReceipt(request)
    context.console.json(result.response)
    return result.verified ? .success : .storeRefused
  }
}
