/// Where the download of a transaction's hosted content stands.
public enum SKDownloadState: Int, Sendable {
  /// Not started.
  case waiting = 0
  /// Copying.
  case active = 1
  /// Paused by the app.
  case paused = 2
  /// Copied whole: the content is at `contentURL`.
  case finished = 3
  /// Stopped by an error.
  case failed = 4
  /// Cancelled by the app.
  case cancelled = 5
}

/// `SKDownload.timeRemaining` when the time left cannot be told.
public let SKDownloadTimeRemainingUnknown: Double = -1
