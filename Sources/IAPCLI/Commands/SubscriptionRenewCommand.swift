import IAPCore
import IAPKit

/// `iap subscription renew` (see SubscriptionActionCommand).
struct SubscriptionRenewCommand: Command {
  static let spec = SubscriptionActionCommand.spec(.renew)
  let id: String
  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }
  func run(_ context: CommandContext) throws(IAPError) -> ExitCode { try SubscriptionActionCommand.run(.renew, id, context) }
}
