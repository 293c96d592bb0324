import IAPCore
import IAPKit

/// `iap finish`: `finishTransaction` for transactions in the queue.
struct FinishCommand: Command {
  static let spec = CommandSpec(
    ["finish"], abstract: "Finish transactions: remove them from the payment queue.",
    discussion: """
      Prints the finished transactions. All or nothing: if any id is unknown, already finished \
      or cannot be finished yet, nothing changes.
      """,
    arguments: [ArgumentSpec("id", help: "Transaction ids, as 'iap queue' shows them.", repeating: true, optional: true)],
    options: [OptionSpec("all", help: "Finish every finishable transaction in the queue.")])

  let ids: [String]
  let all: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    ids = invocation.positionals
    all = invocation.flag("all")
    if ids.isEmpty && !all { throw invocation.usageError("give transaction ids, or --all") }
    if !ids.isEmpty && all { throw invocation.usageError("give transaction ids or --all, not both") }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let selection: FinishSelection
    if all {
      selection = .all
    } else {
      var numbers: [UInt64] = []
      // `#7`, as `iap queue` prints it, like every other command that takes an id.
      for text in ids { numbers.append(try TransactionArgument.id(text)) }
      selection = .ids(numbers)
    }
    let result = try context.workspace.finish(selection, signed: context.globals.json)
    for (held, download) in result.heldByDownloads {
      context.console.note("note: transaction \(held.id) stays in the queue: the download of its content (\(held.productId)) is \(download.rawValue)")
    }
    try TransactionArgument.print(result.finished, context)
    return .success
  }
}
