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
    try TransactionArgument.print(try context.workspace.approve(try TransactionArgument.id(id), signed: context.globals.json), context)
    return .success
  }
}
