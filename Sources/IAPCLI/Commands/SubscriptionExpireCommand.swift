import IAPCore
import IAPKit
import IAPOperations

/// `iap subscription expire` (see SubscriptionActionCommand).
struct SubscriptionExpireCommand: Command {
  static let spec = SubscriptionActionCommand.spec(SubscriptionOperations.expire)
  let request: SubscriptionActionRequest
  init(_ invocation: Invocation) throws(IAPError) { request = try SubscriptionOperations.expire.request(invocation) }
  func run(_ context: CommandContext) throws(IAPError) -> ExitCode { try SubscriptionActionCommand.run(SubscriptionOperations.expire, request, context) }
}
