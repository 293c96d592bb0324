import IAPCore
import IAPKit
import IAPOperations

/// `iap subscription resume` (see SubscriptionActionCommand).
struct SubscriptionResumeCommand: Command {
  static let spec = SubscriptionActionCommand.spec(SubscriptionOperations.resume)
  let request: SubscriptionActionRequest
  init(_ invocation: Invocation) throws(IAPError) { request = try SubscriptionOperations.resume.request(invocation) }
  func run(_ context: CommandContext) throws(IAPError) -> ExitCode { try SubscriptionActionCommand.run(SubscriptionOperations.resume, request, context) }
}
