import IAPCore
import IAPKit
import IAPOperations

/// `iap decline ID`: a parent declines an Ask to Buy request.
struct DeclineCommand: Command {
  static let spec = CommandSpec(
    ["decline"], operation: TransactionActions.decline.spec,
    discussion: "The deferred transaction fails with paymentCancelled, delivered at the app's next launch.",
    arguments: [ArgumentSpec("id", TransactionActions.decline.id)])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = try TransactionActions.decline.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try TransactionArgument.print(try TransactionActions.decline.perform(id, in: context.workspace, signed: context.globals.json), context)
    return .success
  }
}
