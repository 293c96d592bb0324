import IAPCore
import IAPKit
import IAPOperations
import IAPFormats

/// `iap app-transaction`: StoreKit 2's `AppTransaction.shared`.
struct AppTransactionCommand: Command {
  static let spec = CommandSpec(
    ["app-transaction"], operation: AppOperations.appTransaction,
    discussion: """
      Prints the app transaction's fields (receiptType, appAppleId, bundleId, \
      applicationVersion, originalPurchaseDate, receiptCreationDate, deviceVerification and \
      its nonce, appTransactionId, signedDate) and the signed token, as the environment signs \
      it: ES256 with the state's certificate chain in Sandbox and Production. \
      deviceVerification is the SHA-384 of the lowercased nonce followed by this device's \
      deviceVerificationID, which --json gives too. --json gives signedAppTransaction beside \
      the decoded fields.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.appTransaction()
    guard case let .object(fields) = result.appTransaction.payload else { return .success }
    if context.globals.json {
      context.console.json(AppTransactionJSON.document(result))
    } else {
      var table = TextTable()
      for (key, value) in fields { table.append([key, value.stringValue ?? JSONWriter.compact(value)]) }
      table.append(["deviceVerificationID", result.deviceVerificationID])
      table.lines.forEach { context.console.line($0) }
      context.console.line(result.signed)
    }
    return .success
  }
}
