import IAPCore
import IAPKit

/// `iap receipt verify`: answers as Apple's `verifyReceipt` endpoint does.
struct ReceiptVerifyCommand: Command {
  static let spec = CommandSpec(
    ["receipt", "verify"], abstract: "Verify receipt data, as verifyReceipt does.",
    discussion: """
      Prints verifyReceipt's response: status 0 with receipt, and latest_receipt, \
      latest_receipt_info and pending_renewal_info when the receipt holds an auto-renewable \
      subscription; 21002 for malformed data; 21003 for data \
      that was altered; 21004 for a wrong shared secret (when the catalog sets sharedSecret); \
      21007 for this sandbox receipt sent to the production endpoint. Exits 0 for status 0, \
      1 otherwise. Without --data, verifies the current receipt.
      """,
    options: [
      OptionSpec("data", value: "file", help: "Receipt data (Base64) to verify, from a file or - for stdin."),
      OptionSpec("password", value: "secret", help: "The app's shared secret."),
      OptionSpec("endpoint", value: "name", help: "production or sandbox (default: sandbox)."),
    ])

  let dataPath: String?
  let password: String?
  let production: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    dataPath = invocation.value("data")
    password = invocation.value("password")
    let endpoint = invocation.value("endpoint") ?? "sandbox"
    guard endpoint == "production" || endpoint == "sandbox" else {
      throw invocation.usageError("invalid value for '--endpoint <name>': expected production or sandbox, got '\(endpoint)'")
    }
    production = endpoint == "production"
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    var request = VerifyReceiptRequest()
    request.data = dataPath.map { $0 == "-" ? .standardInput : .file($0) } ?? .current
    request.password = password
    request.production = production
    let result = try context.workspace.verifyReceipt(request)
    context.console.json(result.response)
    return result.verified ? .success : .storeRefused
  }
}
