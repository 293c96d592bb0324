import IAPCore
import IAPKit

/// `iap subscription expire` (see SubscriptionActionCommand).
struct SubscriptionExpireCommand: Command {
  static let spec = SubscriptionActionCommand.spec(.expire)
  let id: String
  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }
  func run(_ context: CommandContext) throws(IAPError) -> ExitCode { try SubscriptionActionCommand.run(.expire, id, context) }
}
