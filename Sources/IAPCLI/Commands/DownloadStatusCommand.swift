import IAPCore
import IAPKit

/// `iap download status [ID]`: where downloads stand (`SKDownload.state`, `progress`).
struct DownloadStatusCommand: Command {
  static let spec = CommandSpec(
    ["download", "status"], abstract: "Show where hosted-content downloads stand.",
    discussion: """
      State (waiting, active, interrupted, paused, finished, failed, cancelled), percentage, \
      bytes, the transaction, and where finished content is. 'interrupted' is an active \
      download that no process is copying: 'iap download resume' continues it. Without an id, \
      every download of the state, and the account's purchases whose content was never \
      started.
      """,
    arguments: [ArgumentSpec("id", help: "The product identifier.", optional: true)])

  let productId: String?

  init(_ invocation: Invocation) throws(IAPError) { productId = invocation.positionals.first }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let folder = DownloadsFolder(state: context.workspace.stateDirectory)
    // The open store holds the lock, under which downloaders are probed.
    let opened = try context.workspace.openStore(forWriting: false)
    var shown: [DownloadView.Shown] = []
    if let productId {
      if let status = try folder.status(productId) {
        shown = [DownloadArgument.shown(status, folder)]
      } else {
        let (_, content) = try DownloadArgument.contentProduct(productId, try context.workspace.loadCatalog())
        guard let transaction = DownloadArgument.deliverable(productId, opened.store) else {
          throw .refused(.notOwned(productId, account: context.account))
        }
        shown = [waiting(productId, content, transaction, context)]
      }
    } else {
      let statuses = try folder.statuses()
      shown = statuses.map { DownloadArgument.shown($0, folder) }
      // Purchases with content never started, when the catalog can say.
      let display = context.workspace.catalogDisplayPath
      let catalog = try? CatalogLoader.load(path: context.workspace.resolve(display), displayPath: display).catalog
      for product in catalog?.products ?? [] where product.content != nil {
        guard !statuses.contains(where: { $0.productId == product.id }),
          let transaction = DownloadArgument.deliverable(product.id, opened.store)
        else { continue }
        shown.append(waiting(product.id, product.content!, transaction, context))
      }
      shown.sort { $0.status.productId < $1.status.productId }
    }
    Self.print(shown, context)
    return .success
  }

  private func waiting(_ productId: String, _ content: String, _ transaction: Transaction, _ context: CommandContext)
    -> DownloadView.Shown
  {
    DownloadView.Shown(
      status: DownloadStatus(
        productId: productId, transactionId: transaction.id, account: context.account, device: context.device,
        content: content, state: .waiting))
  }

  /// Prints downloads as text lines or `{"downloads": [...]}`.
  static func print(_ shown: [DownloadView.Shown], _ context: CommandContext) {
    if context.globals.json {
      context.console.json(DownloadView.document(shown))
    } else {
      DownloadView.lines(shown).forEach { context.console.line($0) }
    }
  }
}
