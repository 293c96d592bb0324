import IAPCore
import IAPKit
import IAPOperations

/// `iap subscription renew` (see SubscriptionActionCommand).
struct SubscriptionRenewCommand: Command {
  static let spec = SubscriptionActionCommand.spec(SubscriptionOperations.renew)
  let request: SubscriptionActionRequest
  init(_ invocation: Invocation) throws(IAPError) { request = try SubscriptionOperations.renew.request(invocation) }
  func run(_ context: CommandContext) throws(IAPError) -> ExitCode { try SubscriptionActionCommand.run(SubscriptionOperations.renew, request, context) }
}
