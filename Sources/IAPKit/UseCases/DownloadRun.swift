import IAPCore
import IAPStorage
import IAPSystem

/// What `SKPaymentQueue.startDownloads` and `resumeDownloads` ask for.
package struct DownloadRequest: Sendable {
  package enum Mode: Sendable {
    /// Start a download, or continue one that stopped; a finished one is not copied again.
    case start
    /// Continue a paused, failed or interrupted download (or wake the process holding a
    /// paused one).
    case resume
  }

  package var address: DownloadAddress
  package var mode: Mode
  /// The simulated bandwidth, over the `download-rate` setting.
  package var rate: ByteRate?
  /// Make this run fail halfway through what it has left, for this reason (the front end
  /// says what asked for it). The `fail-download` setting does so too, with its own reason.
  package var simulatedFailure: String?

  package init(_ address: DownloadAddress, mode: Mode) {
    self.address = address
    self.mode = mode
  }
}

/// How a download run ended.
package enum DownloadRun {
  /// Copied to the end and verified: the content is at `path`.
  case finished(DownloadStatus, path: String)
  /// Downloaded before: nothing was copied.
  case alreadyFinished(DownloadStatus, path: String)
  /// Paused in another process, which was told to go on: this one copied nothing.
  case handedOver(DownloadStatus)
  /// Cancelled by another process, or its record removed by `reset` (`reset` true): what was
  /// copied is removed.
  case cancelled(DownloadStatus, reset: Bool)
  /// Stopped by an error (`status.error`): what was copied is kept.
  case failed(DownloadStatus)
  /// A signal (Ctrl-C, `kill`) stopped it with its progress recorded. The front end ends the
  /// process by that signal (`TerminationSignal.raiseAgain`) once it has said so.
  case interrupted(DownloadStatus, signal: Int32)
}

extension Workspace {
  /// Use case: downloads the hosted content of what `request` names into the state, at a
  /// simulated bandwidth, reporting to `progress` as it goes.
  ///
  /// Checks the purchase and the content, claims the download under the store's lock (which
  /// is released before any copying: other commands keep working), then copies. While it
  /// copies, Ctrl-C, `kill` and a closed terminal are caught (`TerminationSignal`), so that the
  /// copy stops at a chunk boundary with its progress recorded: `.interrupted`.
  package func download(_ request: DownloadRequest, progress: any DownloadProgress) throws(IAPError) -> DownloadRun {
    let folder = DownloadsFolder(state: stateDirectory)
    let catalog = try loadCatalog()
    let target = try downloadTarget(request.address, catalog: catalog)
    let productId = target.productId
    let content = try Self.hostedContent(productId, catalog)
    let source = try contentSource(productId, content)
    switch try claim(request, target, folder, content, source) {
    case let .alreadyFinished(status):
      return .alreadyFinished(status, path: folder.contentPath(productId))
    case let .handedOver(status):
      return .handedOver(status)
    case let .claimed(status, lock, settings):
      let signals = TerminationSignal(catching: TerminationSignal.interrupting)
      defer {
        signals.restore()
        POSIXFile.close(lock)
      }
      var failure = request.simulatedFailure
      if failure == nil && settings.failDownload {
        failure = "the network connection was lost (simulated by the fail-download setting)"
      }
      let downloader = Downloader(
        folder: folder, source: source, rate: request.rate ?? settings.downloadRate, failure: failure, reporter: progress,
        signals: signals)
      switch try downloader.run(status) {
      case let .finished(status): return .finished(status, path: folder.contentPath(productId))
      case let .cancelled(status, reset): return .cancelled(status, reset: reset)
      case let .failed(status): return .failed(status)
      case let .interrupted(status, signal): return .interrupted(status, signal: signal)
      }
    }
  }

  /// What the claim, under the store's lock, decided.
  private enum Claim {
    /// Claimed by this process: copy from `status.bytes` on, holding `lock`.
    case claimed(DownloadStatus, lock: Int32, settings: StoreSettings)
    /// The content is already downloaded.
    case alreadyFinished(DownloadStatus)
    /// A paused download that another process holds: it was told to go on.
    case handedOver(DownloadStatus)
  }

  /// Under the store's exclusive lock: the account must own the product; then the recorded
  /// download decides whether to continue it, start it over, or leave it to another process.
  private func claim(
    _ request: DownloadRequest, _ target: DownloadTarget, _ folder: DownloadsFolder, _ content: String, _ source: ContentSource
  ) throws(IAPError) -> Claim {
    let productId = target.productId
    // The session (and the lock) ends when this function returns, before any copying.
    let opened = try openStore(forWriting: true, catalog: target.catalog)
    let transaction = try deliverer(target, opened)
    let existing = try IAPError.ofState(folder.status(productId))
    var bytes = 0
    if let existing {
      let running = folder.isRunning(productId)
      switch existing.state {
      case .active where running:
        let pid = existing.pid.map { " (process \($0))" } ?? ""
        let rule = "it is downloading in another process\(pid), which a pause or cancel acts on"
        throw .refused(.downloadState(productId, .active, rule))
      case .paused where running:
        var resumed = existing
        resumed.state = .active
        try IAPError.ofState(folder.save(resumed))
        return .handedOver(resumed)
      case .finished where request.mode == .resume:
        throw .refused(.downloadState(productId, .finished, "nothing to resume: its content is in \(folder.contentPath(productId))"))
      case .finished where POSIXFile.exists(folder.contentPath(productId)):
        return .alreadyFinished(existing)
      case .cancelled where request.mode == .resume:
        throw .refused(.downloadState(productId, .cancelled, "nothing to resume: start it again, from the beginning"))
      case .active, .paused, .failed:
        if existing.entries == source.entries {
          bytes = existing.bytes
        } else {
          console.warning("the content of '\(productId)' changed since its download started: starting over")
        }
      case .waiting, .finished, .cancelled: break
      }
    } else if request.mode == .resume {
      throw .refused(.downloadState(productId, .waiting, "nothing to resume: start it first"))
    }
    if bytes == 0 { try IAPError.ofState(folder.removePartial(productId)) }
    guard let lock = try IAPError.ofState(folder.claim(productId)) else {
      throw .refused(.downloadState(productId, .active, "it is downloading in another process"))
    }
    let status = DownloadStatus(
      productId: productId, transactionId: transaction.id, account: account, device: device, content: content,
      state: .active, bytes: bytes, entries: source.entries, pid: CurrentProcess.id)
    do { try folder.save(status) } catch {
      POSIXFile.close(lock)
      throw IAPError(error)
    }
    return .claimed(status, lock: lock, settings: opened.settings)
  }

  /// Finds and fingerprints product `productId`'s `content`, in the catalog's folder.
  private func contentSource(_ productId: String, _ content: String) throws(IAPError) -> ContentSource {
    // Content paths are relative to the catalog's folder; messages name it as the user did.
    let shown = POSIXFile.parentDirectory(of: catalogDisplayPath)
    return try ContentSource.open(
      catalogFolder: POSIXFile.parentDirectory(of: catalogPath), shownFolder: shown == "." ? "" : shown, content: content,
      productId: productId, stateFolder: stateDirectory.path)
  }
}
