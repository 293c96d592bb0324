import Foundation
import IAPCore
import IAPKit

/// `iap receipt`: the app receipt, as `verifyReceipt` shows it.
struct ReceiptCommand: Command {
  static let spec = CommandSpec(
    ["receipt"], abstract: "Show the app receipt.",
    discussion: """
      Prints the receipt in the shape of verifyReceipt's 'receipt' object: bundle_id and in_app \
      entries with product_id, transaction_id, original_transaction_id, quantity, the purchase, \
      expiry and cancellation dates. A consumable is in the receipt until its transaction is \
      finished, and leaves at the next receipt update (a purchase, a restore, 'iap receipt \
      refresh'). With --base64, prints the receipt data an app would send to its server.
      """,
    options: [OptionSpec("base64", help: "Print the signed receipt data (Base64) instead.")])

  let base64: Bool

  init(_ invocation: Invocation) throws(IAPError) { base64 = invocation.flag("base64") }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let catalog = try context.workspace.loadCatalog()
    let opened = try context.workspace.openStore(forWriting: true, catalog: catalog)
    let receipt = try Self.receipt(for: context.account, opened, catalog: catalog)
    if base64 {
      context.console.line(Self.data(receipt, account: context.account, signer: try context.workspace.signer(opened)))
    } else {
      context.console.json(receipt.receipt)
    }
    return .success
  }

  /// The receipt of `account` as the store stands.
  static func receipt(for account: String, _ opened: OpenedStore, catalog: Catalog) throws(IAPError) -> AppReceipt {
    let history = try opened.session.history().filter { $0.account == account }
    return AppReceipt(
      bundleId: catalog.bundleId, history: history, account: opened.store.state.accounts[account] ?? AccountState(),
      now: opened.now)
  }

  /// The receipt data an app sends: Base64 of a signed token carrying the receipt, the
  /// environment and the account it belongs to.
  static func data(_ receipt: AppReceipt, account: String, signer: Signer) -> String {
    let token = signer.sign(.object([
      ("environment", .string("Sandbox")), ("account", .string(account)), ("receipt", receipt.receipt),
    ]))
    return Data(token.utf8).base64EncodedString()
  }
}
