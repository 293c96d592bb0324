/// `iap decline ID`: a parent declines an Ask to Buy request.
struct DeclineCommand: Command {
  static let spec = CommandSpec(
    ["decline"], abstract: "Decline a deferred purchase (Ask to Buy).",
    discussion: "The deferred transaction fails with paymentCancelled, delivered at the app's next launch.",
    arguments: [ArgumentSpec("id", help: "The deferred transaction's id.")])

  let id: String

  init(_ invocation: Invocation) throws(IAPError) { id = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let id = try TransactionArgument.id(self.id)
    var opened = try context.openStore(forWriting: true)
    let session = opened.session
    let declined: Transaction
    do { declined = try opened.store.decline(id) } catch { throw .refused(error) }
    try session.commit(opened.store.changes, state: opened.store.state)
    try TransactionArgument.print([declined], context, opened)
    return .success
  }
}
