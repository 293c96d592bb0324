import IAPCore
import IAPKit
import IAPOperations

/// `iap entitlements`: `Transaction.currentEntitlements`.
struct EntitlementsCommand: Command {
  static let spec = CommandSpec(
    ["entitlements"], operation: AccountOperations.entitlements,
    discussion: """
      Transaction.currentEntitlements: the latest purchase of each owned non-consumable, each \
      active auto-renewable subscription and each non-renewing subscription. Never consumables, \
      never refunded or deleted purchases.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try TransactionArgument.print(try context.workspace.entitlements(signed: context.globals.json), context, empty: "no entitlements")
    return .success
  }
}
