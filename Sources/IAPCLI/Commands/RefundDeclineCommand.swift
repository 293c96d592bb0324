import IAPCore
import IAPKit

/// `iap refund-decline ID`: Apple declines the customer's refund request.
struct RefundDeclineCommand: Command {
  static let spec = CommandSpec(
    ["refund-decline"], abstract: "Apple declines a refund request.",
    discussion: """
      Answers the refund request under review (iap refund-request): REFUND_DECLINED is sent \
      and the purchase stands. To grant the request instead, use iap refund.
      """,
    arguments: [ArgumentSpec("id", help: "The transaction whose refund was requested.")])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.declineRefund(try TransactionArgument.id(id), signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}
