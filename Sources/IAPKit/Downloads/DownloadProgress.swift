import IAPCore

/// What a running download tells its front end as it goes. The downloader only reports;
/// how progress is shown (a bar, JSON lines, nothing) is the front end's business.
package protocol DownloadProgress: AnyObject {
  /// The copy began (or continued from `status.bytes`).
  func started(_ status: DownloadStatus)
  /// A chunk was copied and recorded.
  func progress(_ status: DownloadStatus, secondsRemaining: Double)
  /// Another process paused the download; this one waits.
  func paused(_ status: DownloadStatus)
  /// The pause was lifted.
  func resumed(_ status: DownloadStatus)
}
