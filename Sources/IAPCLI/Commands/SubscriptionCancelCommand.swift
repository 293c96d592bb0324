import IAPCore
import IAPKit

/// `iap subscription cancel` (see SubscriptionActionCommand).
struct SubscriptionCancelCommand: Command {
  static let spec = SubscriptionActionCommand.spec(.cancel)
  let id: String
  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }
  func run(_ context: CommandContext) throws(IAPError) -> ExitCode { try SubscriptionActionCommand.run(.cancel, id, context) }
}
