import IAPCore
import IAPKit

/// `iap subscription cancel|resume|expire|renew ID`: act on a subscription at once.
struct SubscriptionActionCommand {
  /// What each action does to the store.
  enum Action {
    case cancel, resume, expire, renew
  }

  static func spec(_ action: Action) -> CommandSpec {
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

  static func run(_ action: Action, _ productId: String, _ context: CommandContext) throws(IAPError) -> ExitCode {
    var opened = try context.workspace.openStore(forWriting: true)
    let subscription: Subscription
    do throws(StoreRefusal) {
      switch action {
      case .cancel: subscription = try opened.store.setAutoRenew(false, for: productId, now: opened.now)
      case .resume: subscription = try opened.store.setAutoRenew(true, for: productId, now: opened.now)
      case .expire: subscription = try opened.store.expire(productId, now: opened.now)
      case .renew: subscription = try opened.store.forceRenewal(productId, now: opened.now)
      }
    } catch {
      throw .refused(error)
    }
    try opened.session.commit(opened.store.changes, state: opened.store.state)
    SubscriptionStatusCommand.print([subscription], context)
    return .success
  }
}
