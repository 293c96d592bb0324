import IAPCore
import IAPKit

/// `iap subscription cancel|resume|expire|renew ID`: act on a subscription at once.
enum SubscriptionActionCommand {
  /// The command of `action`.
  static func spec(_ action: SubscriptionAction) -> CommandSpec {
    let (word, abstract, discussion): (String, String, String)
    switch action {
    case .cancel:
      (word, abstract, discussion) = (
        "cancel", "Turn auto-renew off.", "The subscription stays active until its expiration date, then expires.")
    case .resume:
      (word, abstract, discussion) = ("resume", "Turn auto-renew back on.", "The subscription renews at its expiration date.")
    case .expire:
      (word, abstract, discussion) = (
        "expire", "Expire the subscription now.", "As SKTestSession.expireSubscription: access ends at once.")
    case .renew:
      (word, abstract, discussion) = (
        "renew", "Renew the subscription now.",
        "As SKTestSession.forceRenewalOfSubscription: the current period ends and the next begins, with a renewal transaction in the queue.")
    }
    return CommandSpec(
      ["subscription", word], abstract: abstract, discussion: discussion,
      arguments: [ArgumentSpec("id", help: "A product id of the subscription (or its group).", completion: .productIds)])
  }

  /// Runs `action` on the subscription of `productId` and prints it as it is left.
  static func run(_ action: SubscriptionAction, _ productId: String, _ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.subscriptionAction(SubscriptionActionRequest(action, productId: productId))
    SubscriptionStatusCommand.print([result.subscription], context)
    return .success
  }
}
