import IAPCore
import IAPKit

/// `iap receipt refresh`: `SKReceiptRefreshRequest`.
struct ReceiptRefreshCommand: Command {
  static let spec = CommandSpec(
    ["receipt", "refresh"], abstract: "Refresh the app receipt (SKReceiptRefreshRequest).",
    discussion: "An update of the receipt: finished consumables leave it. Prints the new receipt.")

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let catalog = try context.workspace.loadCatalog()
    var opened = try context.workspace.openStore(forWriting: true, catalog: catalog)
    opened.store.updateReceipt()
    try opened.session.commit(opened.store.changes, state: opened.store.state)
    let refreshed = OpenedStore(
      session: opened.session, store: context.workspace.store(opened.session), now: opened.now, clock: opened.clock,
      settings: opened.settings)
    context.console.json(try ReceiptCommand.receipt(for: context.account, refreshed, catalog: catalog).receipt)
    return .success
  }
}
