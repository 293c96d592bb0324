import IAPCore
import IAPKit
import IAPOperations

/// `iap resolve ID`: the customer resolves an interrupted purchase.
struct ResolveCommand: Command {
  static let spec = CommandSpec(
    ["resolve"], operation: TransactionActions.resolve.spec,
    discussion: """
      As resolveIssueForTransaction. For an interrupted purchase, the customer completes it \
      outside the app: a new purchased transaction reaches the queue, delivered at the app's \
      next launch, and the failed transaction stays as it was. For a subscription in billing \
      retry or grace period, the payment goes through and the subscription renews.
      """,
    arguments: [ArgumentSpec("id", TransactionActions.resolve.id)])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = try TransactionActions.resolve.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try TransactionArgument.print(try TransactionActions.resolve.perform(id, in: context.workspace, signed: context.globals.json), context)
    return .success
  }
}
