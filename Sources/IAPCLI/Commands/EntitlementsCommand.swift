import IAPCore
import IAPKit

/// `iap entitlements`: `Transaction.currentEntitlements`.
struct EntitlementsCommand: Command {
  static let spec = CommandSpec(
    ["entitlements"], abstract: "Show what the account is entitled to now.",
    discussion: """
      Transaction.currentEntitlements: the latest purchase of each owned non-consumable, each \
      active auto-renewable subscription and each non-renewing subscription. Never consumables, \
      never refunded or deleted purchases.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.entitlements(signed: context.globals.json)
    if context.globals.json {
      context.console.json(TransactionView.document(result.transactions, signer: result.signer))
    } else {
      TransactionView.lines(result.transactions).forEach { context.console.line($0) }
    }
    return .success
  }
}
