import IAPCore
import IAPKit
import IAPOperations

/// `iap subscription cancel|resume|expire|renew ID`: act on a subscription at once.
enum SubscriptionActionCommand {
  /// The command of an action.
  static func spec(_ operation: SubscriptionActionOperation) -> CommandSpec {
    let discussion: String
    switch operation.action {
    case .cancel: discussion = "The subscription stays active until its expiration date, then expires."
    case .resume: discussion = "The subscription renews at its expiration date."
    case .expire: discussion = "As SKTestSession.expireSubscription: access ends at once."
    case .renew:
      discussion =
        "As SKTestSession.forceRenewalOfSubscription: the current period ends and the next begins, with a renewal transaction in the queue."
    }
    return CommandSpec(
      ["subscription", operation.word], operation: operation.spec, discussion: discussion,
      arguments: [ArgumentSpec("id", SubscriptionOperations.productId, completion: .productIds)])
  }

  static func run(
    _ operation: SubscriptionActionOperation, _ request: SubscriptionActionRequest, _ context: CommandContext
  ) throws(IAPError) -> ExitCode {
    SubscriptionStatusCommand.print([try operation.perform(request, in: context.workspace)], context)
    return .success
  }
}
