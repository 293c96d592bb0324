import IAPCore
import IAPKit
import IAPOperations

/// `iap refund-reverse ID`: Apple reverses a refund it granted.
struct RefundReverseCommand: Command {
  static let spec = CommandSpec(
    ["refund-reverse"], operation: TransactionActions.reverseRefund.spec,
    discussion: """
      REFUND_REVERSED is sent; revocationDate and revocationReason are gone and the purchase \
      grants its product again (entitlements, restore). A subscription the refund revoked is \
      active again until its expiration date, with auto-renew off.
      """,
    arguments: [ArgumentSpec("id", TransactionActions.reverseRefund.id)])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = try TransactionActions.reverseRefund.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try TransactionActions.reverseRefund.perform(id, in: context.workspace, signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}
