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
    let id = try TransactionArgument.id(self.id)
    var opened = try context.openStore(forWriting: true)
    let session = opened.session
    // The failed transaction may already be finished, so look beyond the queue.
    let interrupted: Transaction
    if let queued = opened.store.queued(id) {
      interrupted = queued
    } else {
      interrupted = try TransactionArgument.fromHistory(id, session, context)
    }
    let purchase: Transaction
    if let group = interrupted.subscriptionGroup, !interrupted.purchaseIssue,
      opened.store.accountState.subscriptions[group]?.originalId == interrupted.originalId
    {
      // A subscription's billing issue: the renewal payment goes through.
      do { purchase = try opened.store.resolveBilling(group, now: opened.now) } catch { throw .refused(error) }
    } else {
      let product = try ApproveCommand.productIfSubscription(interrupted, context)
      do { purchase = try opened.store.resolve(interrupted, product: product, now: opened.now) } catch { throw .refused(error) }
    }
    try session.commit(opened.store.changes, state: opened.store.state)
    try TransactionArgument.print([purchase], context, opened)
    return .success
  }
}
