/// `iap resolve ID`: the customer resolves an interrupted purchase.
struct ResolveCommand: Command {
  static let spec = CommandSpec(
    ["resolve"], abstract: "Resolve an interrupted purchase.",
    discussion: """
      The customer completes the purchase outside the app (resolveIssueForTransaction): a new \
      purchased transaction reaches the queue, delivered at the app's next launch. The failed \
      transaction stays as it was.
      """,
    arguments: [ArgumentSpec("id", help: "The failed transaction with a purchase issue.")])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let id = try TransactionArgument.id(self.id)
    let session = try context.stateDirectory.open(forWriting: true)
    var store = context.store(session)
    // The failed transaction may already be finished, so look beyond the queue.
    let interrupted: Transaction
    if let queued = store.queued(id) {
      interrupted = queued
    } else {
      interrupted = try TransactionArgument.fromHistory(id, session, context)
    }
    let product = try ApproveCommand.productIfSubscription(interrupted, context)
    let purchase: Transaction
    do { purchase = try store.resolve(interrupted, product: product, now: context.now) } catch { throw .refused(error) }
    try session.commit(store.changes, state: store.state)
    TransactionArgument.print([purchase], context)
    return .success
  }
}
