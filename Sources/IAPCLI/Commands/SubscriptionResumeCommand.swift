import IAPCore
import IAPKit

/// `iap subscription resume` (see SubscriptionActionCommand).
struct SubscriptionResumeCommand: Command {
  static let spec = SubscriptionActionCommand.spec(.resume)
  let id: String
  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }
  func run(_ context: CommandContext) throws(IAPError) -> ExitCode { try SubscriptionActionCommand.run(.resume, id, context) }
}
