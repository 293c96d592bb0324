import IAPCore
import IAPKit
import IAPOperations

/// `iap approve ID`: a parent approves an Ask to Buy request.
struct ApproveCommand: Command {
  static let spec = CommandSpec(
    ["approve"], operation: TransactionActions.approve.spec,
    discussion: """
      The deferred transaction becomes purchased. The app sees the new state at its next \
      launch ('iap queue'), as StoreKit delivers it to the observer.
      """,
    arguments: [ArgumentSpec("id", TransactionActions.approve.id)])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = try TransactionActions.approve.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try TransactionArgument.print(try TransactionActions.approve.perform(id, in: context.workspace, signed: context.globals.json), context)
    return .success
  }
}
