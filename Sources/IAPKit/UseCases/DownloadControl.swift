import IAPCore
import IAPStorage

extension Workspace {
  /// Use case: `SKPaymentQueue.pauseDownloads`. The process copying the download stops after
  /// its current chunk and waits, holding what it copied, until it is resumed or cancelled.
  /// Only an active download (interrupted ones included) can be paused.
  package func pauseDownload(_ address: DownloadAddress) throws(IAPError) -> DownloadListing {
    let productId = try downloadTarget(address).productId
    let folder = DownloadsFolder(state: stateDirectory)
    let rule = "only an active download can be paused"
    guard try IAPError.ofState(folder.status(productId)) != nil else { throw .refused(.downloadState(productId, .waiting, rule)) }
    return try folder.underStoreLock(exclusive: true) { () throws(IAPError) -> DownloadListing in
      guard var status = try IAPError.ofState(folder.status(productId)) else { throw .refused(.downloadState(productId, .waiting, rule)) }
      guard status.state == .active else { throw .refused(.downloadState(productId, status.state, rule)) }
      status.state = .paused
      try IAPError.ofState(folder.save(status))
      return DownloadListing(recorded: status, folder)
    }
  }

  /// Use case: `SKPaymentQueue.cancelDownloads`, for a download that is waiting (never
  /// started), active, paused or failed. What it copied is removed; a process copying it
  /// stops, and this waits for it (ten seconds at most). The transaction can then be
  /// finished without its content.
  package func cancelDownload(_ address: DownloadAddress) throws(IAPError) -> DownloadListing {
    let target = try downloadTarget(address)
    let productId = target.productId
    let folder = DownloadsFolder(state: stateDirectory)
    var cancelled: (status: DownloadStatus, running: Bool)
    if try IAPError.ofState(folder.status(productId)) == nil {
      cancelled = try cancelWaiting(target, folder)
    } else {
      cancelled = try folder.underStoreLock(exclusive: true) { () throws(IAPError) -> (DownloadStatus, Bool) in
        guard let status = try IAPError.ofState(folder.status(productId)) else { throw .refused(.downloadState(productId, .waiting, "nothing to cancel")) }
        return try cancel(status, folder)
      }
    }
    if cancelled.running {
      // The downloader sees the cancellation after its chunk and removes its copy: wait for
      // it, so that nothing of the download is left on return.
      cancelled.status = try waitForDownloader(productId, folder) ?? cancelled.status
    }
    return DownloadListing(recorded: cancelled.status, folder)
  }

  /// Cancels a recorded download, under the store's exclusive lock. A process copying it
  /// removes its own copy; otherwise it is removed here.
  private func cancel(_ recorded: DownloadStatus, _ folder: DownloadsFolder) throws(IAPError) -> (DownloadStatus, Bool) {
    let productId = recorded.productId
    switch recorded.state {
    case .finished: throw .refused(.downloadState(productId, .finished, "nothing to cancel"))
    case .cancelled: throw .refused(.downloadState(productId, .cancelled, "it is already cancelled"))
    case .waiting, .active, .paused, .failed: break
    }
    var status = recorded
    status.state = .cancelled
    let running = folder.isRunning(productId)
    if !running {
      try IAPError.ofState(folder.removePartial(productId))
      status.bytes = 0
      status.pid = nil
    }
    try IAPError.ofState(folder.save(status))
    return (status, running)
  }

  /// Cancels a download never started (`SKDownloadState.waiting`): the purchase's transaction
  /// can then be finished without its content.
  private func cancelWaiting(_ target: DownloadTarget, _ folder: DownloadsFolder) throws(IAPError) -> (DownloadStatus, Bool) {
    let catalog = try target.catalog.orLoad(self)
    let content = try Self.hostedContent(target.productId, catalog)
    let opened = try openStore(forWriting: true, catalog: catalog)
    let transaction = try deliverer(target, opened)
    // Someone may have started it meanwhile; the open store holds the lock now.
    if let started = try IAPError.ofState(folder.status(target.productId)) { return try cancel(started, folder) }
    let status = waiting(target.productId, content, transaction).status
    var cancelled = status
    cancelled.state = .cancelled
    try IAPError.ofState(folder.save(cancelled))
    return (cancelled, false)
  }

  /// Waits up to ten seconds for the process copying the download to stop; the status it
  /// left, or nil if it is still running.
  private func waitForDownloader(_ productId: String, _ folder: DownloadsFolder) throws(IAPError) -> DownloadStatus? {
    for _ in 0..<200 {
      let stopped = try folder.underStoreLock(exclusive: false) { () throws(IAPError) -> Bool in !folder.isRunning(productId) }
      if stopped { return try IAPError.ofState(folder.status(productId)) }
      Downloader.sleep(0.05)
    }
    return nil
  }
}
