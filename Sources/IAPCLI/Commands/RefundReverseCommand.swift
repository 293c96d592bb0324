import IAPCore
import IAPKit

/// `iap refund-reverse ID`: Apple reverses a refund it granted.
struct RefundReverseCommand: Command {
  static let spec = CommandSpec(
    ["refund-reverse"], abstract: "Apple reverses a granted refund.",
    discussion: """
      REFUND_REVERSED is sent; revocationDate and revocationReason are gone and the purchase \
      grants its product again (entitlements, restore). A subscription the refund revoked is \
      active again until its expiration date, with auto-renew off.
      """,
    arguments: [ArgumentSpec("id", help: "The refunded transaction's id.")])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.reverseRefund(try TransactionArgument.id(id), signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}
