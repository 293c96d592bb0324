/// `iap approve ID`: a parent approves an Ask to Buy request.
struct ApproveCommand: Command {
  static let spec = CommandSpec(
    ["approve"], abstract: "Approve a deferred purchase (Ask to Buy).",
    discussion: """
      The deferred transaction becomes purchased. The app sees the new state at its next \
      launch ('iap queue'), as StoreKit delivers it to the observer.
      """,
    arguments: [ArgumentSpec("id", help: "The deferred transaction's id.")])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let id = try TransactionArgument.id(self.id)
    var opened = try context.openStore(forWriting: true)
    let session = opened.session
    // Only a subscription needs its product (for the expiration date), so only then is the
    // catalog read.
    let product = try Self.productIfSubscription(opened.store.queued(id), context)
    let approved: Transaction
    do { approved = try opened.store.approve(id, product: product, now: opened.now) } catch { throw .refused(error) }
    try session.commit(opened.store.changes, state: opened.store.state)
    try TransactionArgument.print([approved], context, opened)
    return .success
  }

  /// The catalog's product for an auto-renewable subscription; nil for other kinds.
  static func productIfSubscription(_ transaction: Transaction?, _ context: CommandContext) throws(IAPError) -> Product? {
    guard let transaction, transaction.productType == .autoRenewable else { return nil }
    return try context.loadCatalog().product(transaction.productId)
  }
}
