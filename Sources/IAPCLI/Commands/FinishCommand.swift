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
    var opened = try context.workspace.openStore(forWriting: true)
    let session = opened.session
    // Content must be downloaded (or its download cancelled) before the purchase is finished.
    let downloads = try DownloadArgument.finishingStates(opened.store.queue, context)
    let finished: [Transaction]
    do throws(StoreRefusal) {
      if all {
        finished = try opened.store.finishAll(downloads: downloads)
        for held in opened.store.heldByDownloads(downloads) {
          let state = downloads[held.productId]!.rawValue
          context.console.note("note: transaction \(held.id) stays in the queue: the download of its content (\(held.productId)) is \(state)")
        }
      } else {
        var numbers: [UInt64] = []
        for text in ids {
          guard let id = UInt64(text) else { throw StoreRefusal.unknownTransaction(text) }
          numbers.append(id)
        }
        finished = try opened.store.finish(ids: numbers, downloads: downloads)
      }
    } catch {
      if case let .notInQueue(id, _) = error {
        throw .refused(.notInQueue(id, why: try whereabouts(of: id, session, context)))
      }
      throw .refused(error)
    }
    try session.commit(opened.store.changes, state: opened.store.state)
    if context.globals.json {
      context.console.json(TransactionView.document(finished, signer: try context.signer(opened)))
    } else {
      TransactionView.lines(finished).forEach { context.console.line($0) }
    }
    return .success
  }

  /// Why a transaction that exists is not in this queue. Only this error path reads the
  /// history.
  private func whereabouts(of id: UInt64, _ session: StateSession, _ context: CommandContext) throws(IAPError) -> String {
    guard let transaction = try session.history().first(where: { $0.id == id }) else {
      return "it is not in this store's history"
    }
    if transaction.account != context.account || transaction.device != context.device {
      return "it belongs to account '\(transaction.account)' on device '\(transaction.device)'"
    }
    return "it is already finished"
  }
}
