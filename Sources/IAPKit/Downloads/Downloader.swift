import IAPCore
import IAPStorage
import IAPSystem

/// Copies a product's hosted content into the state at a simulated bandwidth, a chunk at a
/// time, so that it can stop anywhere and continue later, in any process, where it stopped.
///
/// After each chunk its bytes are synced, then the new count is recorded in the status file
/// under the store's lock (briefly: other commands keep working), where a pause or a cancel
/// from another process is seen. A crash loses at most the chunk being written, which the
/// next run cuts off. The copy goes to `downloading/<id>.partial` and, checked byte for byte
/// against the content's SHA-256s, is renamed to `downloads/<id>` in one step.
package struct Downloader {
  /// How a run ended.
  package enum Outcome {
    case finished(DownloadStatus)
    /// Cancelled (`iap download cancel`), or its record removed (`iap reset`: `reset`).
    case cancelled(DownloadStatus, reset: Bool)
    case failed(DownloadStatus)
    /// A signal asked the process to stop; the progress is recorded.
    case interrupted(DownloadStatus, signal: Int32)
  }

  let folder: DownloadsFolder
  let source: ContentSource
  let rate: ByteRate
  /// Why the run fails halfway through what it copies (`fail-download`), if it must.
  let failure: String?
  let reporter: any DownloadProgress
  let signals: TerminationSignal
  /// Seconds on a clock that never jumps.
  var clock: () -> Double = Downloader.monotonic
  package var sleep: (Double) -> Void = Downloader.sleep

  package init(
    folder: DownloadsFolder, source: ContentSource, rate: ByteRate, failure: String?, reporter: any DownloadProgress,
    signals: TerminationSignal
  ) {
    self.folder = folder
    self.source = source
    self.rate = rate
    self.failure = failure
    self.reporter = reporter
    self.signals = signals
  }

  /// About eight chunks a second, so that progress, pauses and Ctrl-C are seen promptly.
  var chunkSize: Int { max(16 << 10, min(8 << 20, rate.bytesPerSecond / 8)) }

  /// Copies from `start.bytes` on. `start` is recorded as `active` and claimed by this process.
  package func run(_ start: DownloadStatus) throws(IAPError) -> Outcome {
    var status = start
    let id = status.productId
    let files = status.files
    let total = status.total
    status.bytes = try prepare(status)
    let partial: Folder
    do throws(POSIXFileError) {
      guard let opened = try folder.partialFolder(id, create: false) else {
        throw POSIXFileError(path: folder.workRoot + "/" + DownloadsFolder.partialName(id), operation: "open", errno: .noSuchFile)
      }
      partial = opened
    } catch {
      throw .state(.unwritable(path: folder.state.path, reason: error.description))
    }
    reporter.started(status)
    let failAt = failure == nil ? nil : status.bytes + (total - status.bytes) / 2
    var runStart = clock()
    var copied = 0
    var open: (index: Int, source: Int32, destination: Int32)?
    defer { if let open { POSIXFile.close(open.source); POSIXFile.close(open.destination) } }

    while true {
      if let failAt, let failure, status.bytes >= failAt, status.bytes < total {
        status.state = .failed
        status.error = failure
        status.pid = nil
        if try record(status) == .cancelled { return try cancel(status) }
        return .failed(status)
      }
      if status.bytes >= total { break }
      let (index, offset) = status.position(of: status.bytes)
      let file = files[index]
      if open?.index != index {
        if let open { POSIXFile.close(open.source); POSIXFile.close(open.destination) }
        open = nil
        let source = try openSource(file)
        let destination: Int32
        do { destination = try partial.open(relative: file.path, .writeOnly) } catch {
          POSIXFile.close(source)
          throw .state(.unwritable(path: folder.state.path, reason: error.description))
        }
        open = (index, source, destination)
      }
      var length = min(chunkSize, file.size - offset)
      if let failAt, failAt > status.bytes { length = min(length, failAt - status.bytes) }
      let bytes = try read(open!.source, file, at: offset, length: length)
      do {
        try POSIXFile.write(open!.destination, bytes, at: offset, path: partial.path(file.path))
        try POSIXFile.sync(open!.destination, path: partial.path(file.path))
      } catch {
        throw .state(.unwritable(path: folder.state.path, reason: error.description))
      }
      status.bytes += length
      copied += length

      switch try record(status) {
      case .cancelled: return try cancel(status)
      case .paused:
        status.state = .paused
        if let stop = try waitWhilePaused(&status) { return stop }
        runStart = clock()
        copied = 0
      default: break
      }
      let elapsed = clock() - runStart
      reporter.progress(status, secondsRemaining: remaining(status, copied: copied, elapsed: elapsed))
      // The simulated bandwidth: this run's bytes take the time the rate says.
      let due = runStart + rate.seconds(for: copied)
      while signals.received == nil {
        let left = due - clock()
        if left <= 0 { break }
        sleep(min(left, 0.05))
      }
      if let signal = signals.received { return .interrupted(status, signal: signal) }
    }
    return try complete(status)
  }

  // MARK: - Steps

  /// Makes the partial copy's folders and files, and cuts off whatever a crash wrote after
  /// the recorded count. Returns where to continue: the recorded count, or an earlier point
  /// when the copy on disk is shorter than the status says.
  private func prepare(_ status: DownloadStatus) throws(IAPError) -> Int {
    let files = status.files
    do throws(POSIXFileError) {
      let partial = try folder.partialFolder(status.productId, create: true)!
      for entry in status.entries where entry.isDirectory { _ = try partial.subfolder(relative: entry.path, create: true) }
      var (index, offset) = status.position(of: status.bytes)
      var resume = status.bytes
      // Every file before the resume point must be whole, and the current one long enough.
      var before = 0
      for (n, file) in files.enumerated() where n <= index && n < files.count {
        let size = fileSize(file.path, in: partial)
        if n < index && size != file.size || n == index && size < offset {
          (index, offset, resume) = (n, 0, before)
          break
        }
        before += file.size
      }
      for (n, file) in files.enumerated() where n >= index {
        let path = partial.path(file.path)
        let fd = try partial.open(relative: file.path, [.writeOnly, .create])
        defer { POSIXFile.close(fd) }
        try POSIXFile.truncate(fd, to: n == index ? offset : 0, path: path)
        try POSIXFile.sync(fd, path: path)
      }
      try partial.sync()
      return resume
    } catch {
      throw .state(.unwritable(path: folder.state.path, reason: error.description))
    }
  }

  /// Records the new count under the store's lock and returns the state found there: a pause
  /// or cancel made by another process since the last chunk.
  private func record(_ status: DownloadStatus) throws(IAPError) -> DownloadState {
    try folder.underStoreLock(exclusive: true) { () throws(IAPError) -> DownloadState in
      // Gone (`iap reset`) or cancelled: stop, and leave the record as it is.
      guard let current = try IAPError.ofState(folder.status(status.productId)), current.state != .cancelled else { return .cancelled }
      var next = status
      if current.state == .paused && status.state == .active { next.state = .paused }
      try IAPError.ofState(folder.save(next))
      return current.state
    }
  }

  /// Waits, holding the download, until another process resumes or cancels it. Nil when it
  /// was resumed.
  private func waitWhilePaused(_ status: inout DownloadStatus) throws(IAPError) -> Outcome? {
    reporter.paused(status)
    while true {
      if let signal = signals.received { return .interrupted(status, signal: signal) }
      sleep(0.1)
      guard let current = try IAPError.ofState(folder.status(status.productId)), current.state != .cancelled else { return try cancel(status) }
      if current.state == .active {
        status.state = .active
        reporter.resumed(status)
        return nil
      }
    }
  }

  /// Removes the partial copy of a cancelled download.
  private func cancel(_ status: DownloadStatus) throws(IAPError) -> Outcome {
    try IAPError.ofState(folder.removePartial(status.productId))
    var cancelled = status
    cancelled.state = .cancelled
    cancelled.bytes = 0
    cancelled.pid = nil
    // A record that is gone was removed by `reset`, not cancelled: say so, and make none.
    let reset = try folder.underStoreLock(exclusive: true) { () throws(IAPError) -> Bool in
      guard try IAPError.ofState(folder.status(status.productId)) != nil else { return true }
      try IAPError.ofState(folder.save(cancelled))
      return false
    }
    return .cancelled(cancelled, reset: reset)
  }

  /// Checks every file against its SHA-256, then moves the copy into `downloads/` and records
  /// the download finished, in that order: the status never says finished before the content
  /// is in place.
  private func complete(_ copied: DownloadStatus) throws(IAPError) -> Outcome {
    var status = copied
    let id = status.productId
    for file in status.files {
      let digest: String
      do throws(POSIXFileError) {
        guard let partial = try folder.partialFolder(id, create: false) else {
          throw POSIXFileError(path: folder.workRoot + "/" + DownloadsFolder.partialName(id), operation: "open", errno: .noSuchFile)
        }
        let fd = try partial.open(relative: file.path, .readOnly)
        defer { POSIXFile.close(fd) }
        digest = try FileDigest.sha256(fd, path: partial.path(file.path))
      } catch {
        throw .state(.unwritable(path: folder.state.path, reason: error.description))
      }
      if digest != file.sha256 {
        status.state = .failed
        status.bytes = 0
        status.pid = nil
        status.error = "the copy of '\(file.path)' does not match the content"
        if try record(status) == .cancelled { return try cancel(status) }
        return .failed(status)
      }
    }
    status.state = .finished
    status.pid = nil
    status.error = nil
    let done = status
    let moved = try folder.underStoreLock(exclusive: true) { () throws(IAPError) -> Bool in
      guard let current = try IAPError.ofState(folder.status(id)), current.state != .cancelled else { return false }
      do throws(POSIXFileError) {
        let content = try folder.contentFolder(create: true)!
        let work = try folder.workFolder(create: true)!
        try content.removeTree(id)
        try work.rename(DownloadsFolder.partialName(id), to: id, in: content)
        try content.sync()
        try work.sync()
      } catch {
        throw .state(.unwritable(path: folder.state.path, reason: error.description))
      }
      try IAPError.ofState(folder.save(done))
      return true
    }
    return moved ? .finished(done) : try cancel(status)
  }
}
