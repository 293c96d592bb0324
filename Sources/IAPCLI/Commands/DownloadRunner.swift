import IAPCore
import IAPKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `download start` and `download resume` share: check the purchase and the content,
/// claim the download under the store's lock, copy it, and report how it ended.
///
/// With `--json`, stdout is a JSON-lines stream (`DownloadReporter`); whatever ends the
/// command is its last line, errors included.
struct DownloadRunner {
  enum Mode {
    /// Start a download, or continue one that stopped.
    case start
    /// Continue a paused, failed or interrupted download (or wake the process holding a
    /// paused one).
    case resume
  }

  let productId: String
  let mode: Mode
  /// `--rate`, over the `download-rate` setting.
  let rate: ByteRate?
  /// `--fail-download`, for this run.
  let failOption: Bool
  /// `--quiet`: no progress bar.
  let quiet: Bool

  /// What the preparation, under the store's lock, decided.
  private enum Prepared {
    /// Claimed by this process: copy from `status.bytes` on.
    case claimed(DownloadStatus, lock: Int32, rate: ByteRate, failure: String?)
    /// The content is already downloaded.
    case alreadyFinished(DownloadStatus)
    /// A paused download that another process holds: it was told to go on.
    case handedOver(DownloadStatus)
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let folder = DownloadsFolder(state: context.workspace.stateDirectory)
    let style: DownloadReporter.Style = context.globals.json ? .json : (context.console.colorDiagnostics && !quiet ? .bar : .plain)
    let reporter = DownloadReporter(console: context.console, style: style, contentPath: folder.contentPath(productId))
    do {
      return try download(context, folder, reporter)
    } catch {
      reporter.clear()
      guard context.globals.json else { throw error }
      // A JSON-lines stream ends with its error as a line, not a pretty-printed document.
      reporter.stopped("error", nil, productId: productId, error: error)
      error.messages.forEach { context.console.error($0) }
      return error.exitCode
    }
  }

  private func download(_ context: CommandContext, _ folder: DownloadsFolder, _ reporter: DownloadReporter) throws(IAPError)
    -> ExitCode
  {
    let catalog = try context.workspace.loadCatalog()
    let (_, content) = try DownloadArgument.contentProduct(productId, catalog)
    let (catalogFolder, shownFolder) = DownloadArgument.catalogFolder(context)
    let source = try ContentSource.open(
      catalogFolder: catalogFolder, shownFolder: shownFolder, content: content, productId: productId,
      stateFolder: context.workspace.stateDirectory.path)
    switch try prepare(context, folder, catalog, content, source) {
    case let .alreadyFinished(status):
      reporter.finished(status)
      return .success
    case let .handedOver(status):
      if context.globals.json {
        context.console.line(DownloadView.event("resumed", status, [("pid", status.pid.map { .int(Int64($0)) } ?? .null)]))
      } else {
        DownloadView.lines([DownloadView.Shown(status: status, running: true)]).forEach { context.console.line($0) }
      }
      return .success
    case let .claimed(status, lock, rate, failure):
      let signals = InterruptSignal.install()
      defer {
        signals.restore()
        close(lock)
      }
      let downloader = Downloader(folder: folder, source: source, rate: rate, failure: failure, reporter: reporter, signals: signals)
      return try report(try downloader.run(status), context, reporter)
    }
  }

  /// Under the store's exclusive lock: the account must own the product; then the recorded
  /// download decides whether to continue it, start it over, or leave it to another process.
  private func prepare(
    _ context: CommandContext, _ folder: DownloadsFolder, _ catalog: Catalog, _ content: String, _ source: ContentSource
  ) throws(IAPError) -> Prepared {
    // The session (and the lock) ends when this function returns, before any copying.
    let opened = try context.workspace.openStore(forWriting: true, catalog: catalog)
    let settings = opened.settings
    guard let transaction = DownloadArgument.deliverable(productId, opened.store) else {
      throw .refused(.notOwned(productId, account: context.account))
    }
    let existing = try folder.status(productId)
    var bytes = 0
    if let existing {
      let running = folder.isRunning(productId)
      switch existing.state {
      case .active where running:
        let pid = existing.pid.map { " (process \($0))" } ?? ""
        let rule = "it is downloading in another process\(pid): 'iap download pause' or 'cancel' act on it"
        throw .refused(.downloadState(productId, .active, rule))
      case .paused where running:
        var resumed = existing
        resumed.state = .active
        try folder.save(resumed)
        return .handedOver(resumed)
      case .finished where mode == .resume:
        throw .refused(.downloadState(productId, .finished, "nothing to resume: its content is in \(folder.contentPath(productId))"))
      case .finished where POSIXFile.exists(folder.contentPath(productId)):
        return .alreadyFinished(existing)
      case .cancelled where mode == .resume:
        throw .refused(.downloadState(productId, .cancelled, "start it again with 'iap download start \(productId)'"))
      case .active, .paused, .failed:
        if existing.entries == source.entries {
          bytes = existing.bytes
        } else {
          context.console.warning("the content of '\(productId)' changed since its download started: starting over")
        }
      case .waiting, .finished, .cancelled: break
      }
    } else if mode == .resume {
      throw .refused(.downloadState(productId, .waiting, "start it with 'iap download start \(productId)'"))
    }
    if bytes == 0 { try folder.removePartial(productId) }
    guard let lock = try folder.claim(productId) else {
      throw .refused(.downloadState(productId, .active, "it is downloading in another process"))
    }
    let status = DownloadStatus(
      productId: productId, transactionId: transaction.id, account: context.account, device: context.device, content: content,
      state: .active, bytes: bytes, entries: source.entries, pid: getpid())
    do { try folder.save(status) } catch {
      close(lock)
      throw error
    }
    var failure: String?
    if failOption || settings.failDownload {
      failure = "the network connection was lost (simulated by \(failOption ? "--fail-download" : "the fail-download setting"))"
    }
    return .claimed(status, lock: lock, rate: rate ?? settings.downloadRate, failure: failure)
  }

  /// Reports how the copy ended and gives the exit status. An interrupted download ends the
  /// process by the same signal, its progress recorded.
  private func report(_ outcome: Downloader.Outcome, _ context: CommandContext, _ reporter: DownloadReporter) throws(IAPError)
    -> ExitCode
  {
    switch outcome {
    case let .finished(status):
      reporter.finished(status)
      return .success
    case let .cancelled(status):
      let error = IAPError.refused(
        .downloadState(productId, .cancelled, "'iap download cancel' stopped it, and what was copied is removed"))
      reporter.stopped("cancelled", status, productId: productId, error: error)
      error.messages.forEach { context.console.error($0) }
      return error.exitCode
    case let .failed(status):
      let at = status.bytes > 0
        ? " at \(status.percent)% (\(DownloadView.byteCount(status.bytes)) of \(DownloadView.byteCount(status.total)))" : ""
      let reason = (status.error ?? "unknown error") + at + "; 'iap download resume \(productId)' retries from there"
      let error = IAPError.refused(.downloadFailed(productId, reason: reason))
      reporter.stopped("failed", status, productId: productId, error: error)
      error.messages.forEach { context.console.error($0) }
      return error.exitCode
    case let .interrupted(status, signal):
      reporter.stopped("interrupted", status, productId: productId, error: nil)
      let at = "\(status.percent)% (\(DownloadView.byteCount(status.bytes)) of \(DownloadView.byteCount(status.total)))"
      context.console.note("download of '\(productId)' interrupted at \(at): 'iap download resume \(productId)' continues from there")
      context.console.flush()
      InterruptSignal.raiseAgain(signal)
    }
  }
}
