import IAPCore
import IAPKit

/// `iap decline ID`: a parent declines an Ask to Buy request.
struct DeclineCommand: Command {
  static let spec = CommandSpec(
    ["decline"], abstract: "Decline a deferred purchase (Ask to Buy).",
    discussion: "The deferred transaction fails with paymentCancelled, delivered at the app's next launch.",
    arguments: [ArgumentSpec("id", help: "The deferred transaction's id.")])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try TransactionArgument.print(try context.workspace.decline(try TransactionArgument.id(id), signed: context.globals.json), context)
    return .success
  }
}
