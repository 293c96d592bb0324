import IAPCore
import IAPKit
import IAPOperations

/// `iap refund ID`: the App Store refunds a purchase.
struct RefundCommand: Command {
  static let spec = CommandSpec(
    ["refund"], operation: RefundOperation.spec,
    discussion: """
      Sets revocationDate and revocationReason (refundTransaction), and revocationType: \
      REFUND_FULL, or REFUND_PRORATED with revocationPercentage given --percentage. The \
      product leaves the entitlements; a subscription ends. Works on finished transactions too.
      """,
    arguments: [ArgumentSpec("id", RefundOperation.id)])

  let request: RefundOperation.Request

  init(_ invocation: Invocation) throws(IAPError) { request = try RefundOperation.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try RefundOperation.perform(request, in: context.workspace, signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}
