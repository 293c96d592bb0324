import IAPCore
import IAPKit

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
    try TransactionArgument.perform(id, context) { store, id, opened throws(IAPError) in
      // Only a subscription needs its product (for the expiration date), so only then is the
      // catalog read.
      let product = try Self.productIfSubscription(store.queued(id), context)
      return [try TransactionArgument.refusing { () throws(StoreRefusal) in try store.approve(id, product: product, now: opened.now) }]
    }
  }

  /// The catalog's product for an auto-renewable subscription; nil for other kinds.
  static func productIfSubscription(_ transaction: Transaction?, _ context: CommandContext) throws(IAPError) -> Product? {
    guard let transaction, transaction.productType == .autoRenewable else { return nil }
    return try context.workspace.loadCatalog().product(transaction.productId)
  }
}
