import IAPCore
import IAPKit
import IAPOperations

/// `iap finish`: `finishTransaction` for transactions in the queue.
struct FinishCommand: Command {
  static let spec = CommandSpec(
    ["finish"], operation: FinishOperation.spec,
    discussion: """
      Prints the finished transactions. All or nothing: if any id is unknown, already finished \
      or cannot be finished yet, nothing changes.
      """,
    arguments: [ArgumentSpec("id", FinishOperation.ids)])

  let request: FinishOperation.Request

  init(_ invocation: Invocation) throws(IAPError) { request = try FinishOperation.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try FinishOperation.perform(request, in: context.workspace, signed: context.globals.json)
    for (held, download) in result.heldByDownloads {
      context.console.note("note: transaction \(held.id) stays in the queue: the download of its content (\(held.productId)) is \(download.rawValue)")
    }
    try TransactionArgument.print(result.finished, context)
    return .success
  }
}
