import IAPCore
import IAPKit

/// `iap resolve ID`: the customer resolves an interrupted purchase.
struct ResolveCommand: Command {
  static let spec = CommandSpec(
    ["resolve"], abstract: "Resolve an interrupted purchase or a subscription's billing issue.",
    discussion: """
      As resolveIssueForTransaction. For an interrupted purchase, the customer completes it \
      outside the app: a new purchased transaction reaches the queue, delivered at the app's \
      next launch, and the failed transaction stays as it was. For a subscription in billing \
      retry or grace period, the payment goes through and the subscription renews.
      """,
    arguments: [ArgumentSpec("id", help: "The failed transaction, or any transaction of the subscription.")])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try TransactionArgument.perform(id, context) { store, id, opened throws(IAPError) in
      // The failed transaction may already be finished, so look beyond the queue.
      let interrupted: Transaction
      if let queued = store.queued(id) {
        interrupted = queued
      } else {
        interrupted = try TransactionArgument.fromHistory(id, opened.session, context)
      }
      if let group = interrupted.subscriptionGroup, !interrupted.purchaseIssue,
        store.accountState.subscriptions[group]?.originalId == interrupted.originalId
      {
        // A subscription's billing issue: the renewal payment goes through.
        return [try TransactionArgument.refusing { () throws(StoreRefusal) in try store.resolveBilling(group, now: opened.now) }]
      }
      let product = try ApproveCommand.productIfSubscription(interrupted, context)
      return [try TransactionArgument.refusing { () throws(StoreRefusal) in try store.resolve(interrupted, product: product, now: opened.now) }]
    }
  }
}
