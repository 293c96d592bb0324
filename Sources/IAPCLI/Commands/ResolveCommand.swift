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
    try TransactionArgument.print(try context.workspace.resolve(try TransactionArgument.id(id), signed: context.globals.json), context)
    return .success
  }
}
