import IAPCore
import IAPKit
import IAPOperations

/// `iap refund-decline ID`: Apple declines the customer's refund request.
struct RefundDeclineCommand: Command {
  static let spec = CommandSpec(
    ["refund-decline"], operation: TransactionActions.declineRefund.spec,
    discussion: """
      Answers the refund request under review (iap refund-request): REFUND_DECLINED is sent \
      and the purchase stands. To grant the request instead, use iap refund.
      """,
    arguments: [ArgumentSpec("id", TransactionActions.declineRefund.id)])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = try TransactionActions.declineRefund.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try TransactionActions.declineRefund.perform(id, in: context.workspace, signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}
