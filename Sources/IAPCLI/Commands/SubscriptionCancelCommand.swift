import IAPCore
import IAPKit
import IAPOperations

/// `iap subscription cancel` (see SubscriptionActionCommand).
struct SubscriptionCancelCommand: Command {
  static let spec = SubscriptionActionCommand.spec(SubscriptionOperations.cancel)
  let request: SubscriptionActionRequest
  init(_ invocation: Invocation) throws(IAPError) { request = try SubscriptionOperations.cancel.request(invocation) }
  func run(_ context: CommandContext) throws(IAPError) -> ExitCode { try SubscriptionActionCommand.run(SubscriptionOperations.cancel, request, context) }
}
