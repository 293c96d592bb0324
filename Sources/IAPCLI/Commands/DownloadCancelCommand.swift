import IAPCore
import IAPKit

/// `iap download cancel ID`: `SKPaymentQueue.cancelDownloads`.
struct DownloadCancelCommand: Command {
  static let spec = CommandSpec(
    ["download", "cancel"], abstract: "Cancel a download and remove what it copied.",
    discussion: """
      Works on a download that is waiting (never started), active, paused or failed; a \
      process copying it stops, and this command waits for it. Afterwards the transaction \
      can be finished without its content; 'iap download start' starts over.
      """,
    arguments: [ArgumentSpec("id", help: "The product identifier.")])

  let productId: String

  init(_ invocation: Invocation) throws(IAPError) { productId = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let folder = DownloadsFolder(state: context.workspace.stateDirectory)
    var cancelled: (status: DownloadStatus, running: Bool)
    if try folder.status(productId) == nil {
      cancelled = try cancelWaiting(context, folder)
    } else {
      cancelled = try folder.withStoreLock(exclusive: true) { () throws(IAPError) -> (DownloadStatus, Bool) in
        guard let status = try folder.status(productId) else { throw .refused(.downloadState(productId, .waiting, "nothing to cancel")) }
        return try cancel(status, folder)
      }
    }
    if cancelled.running {
      // The downloader sees the cancellation after its chunk and removes its copy: wait for
      // it, so that nothing of the download is left when this command returns.
      cancelled.status = try waitForDownloader(folder) ?? cancelled.status
    }
    DownloadStatusCommand.print([DownloadArgument.shown(cancelled.status, folder)], context)
    return .success
  }

  /// Cancels a recorded download, under the store's exclusive lock. A process copying it
  /// removes its own copy; otherwise it is removed here.
  private func cancel(_ recorded: DownloadStatus, _ folder: DownloadsFolder) throws(IAPError) -> (DownloadStatus, Bool) {
    switch recorded.state {
    case .finished: throw .refused(.downloadState(productId, .finished, "nothing to cancel"))
    case .cancelled: throw .refused(.downloadState(productId, .cancelled, "it is already cancelled"))
    case .waiting, .active, .paused, .failed: break
    }
    var status = recorded
    status.state = .cancelled
    let running = folder.isRunning(productId)
    if !running {
      try folder.removePartial(productId)
      status.bytes = 0
      status.pid = nil
    }
    try folder.save(status)
    return (status, running)
  }

  /// Cancels a download never started (`SKDownloadState.waiting`): the purchase's transaction
  /// can then be finished without its content.
  private func cancelWaiting(_ context: CommandContext, _ folder: DownloadsFolder) throws(IAPError) -> (DownloadStatus, Bool) {
    let catalog = try context.workspace.loadCatalog()
    let (_, content) = try DownloadArgument.contentProduct(productId, catalog)
    let opened = try context.workspace.openStore(forWriting: true, catalog: catalog)
    guard let transaction = DownloadArgument.deliverable(productId, opened.store) else {
      throw .refused(.notOwned(productId, account: context.account))
    }
    // Someone may have started it meanwhile; the open store holds the lock now.
    if let started = try folder.status(productId) { return try cancel(started, folder) }
    let status = DownloadStatus(
      productId: productId, transactionId: transaction.id, account: context.account, device: context.device,
      content: content, state: .cancelled)
    try folder.save(status)
    return (status, false)
  }

  /// Waits up to ten seconds for the process copying the download to stop; the status it
  /// left, or nil if it is still running.
  private func waitForDownloader(_ folder: DownloadsFolder) throws(IAPError) -> DownloadStatus? {
    for _ in 0..<200 {
      let stopped = try folder.withStoreLock(exclusive: false) { () throws(IAPError) -> Bool in !folder.isRunning(productId) }
      if stopped { return try folder.status(productId) }
      Downloader.sleep(0.05)
    }
    return nil
  }
}
