import IAPCore
import IAPKit
import IAPOperations

/// `iap refund-request ID [--reason R]`: the customer asks Apple for a refund.
struct RefundRequestCommand: Command {
  static let spec = CommandSpec(
    ["refund-request"], operation: RefundRequestOperation.spec,
    discussion: """
      The request stays under review until Apple grants it (iap refund) or declines it (iap \
      refund-decline). For a consumable or an auto-renewable subscription the App Store \
      sends CONSUMPTION_REQUEST, with the reason as consumptionRequestReason, and the \
      developer may answer with consumption information. Works on finished transactions too.
      """,
    arguments: [ArgumentSpec("id", RefundRequestOperation.id)])

  let request: RefundRequestOperation.Request

  init(_ invocation: Invocation) throws(IAPError) { request = try RefundRequestOperation.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try RefundRequestOperation.perform(request, in: context.workspace, signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}
