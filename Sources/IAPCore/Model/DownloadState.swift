/// `SKDownloadState`: where the download of a product's hosted content stands.
package enum DownloadState: String, CaseIterable, Sendable {
  /// The purchase has content that no one has started downloading.
  case waiting
  /// Bytes are being copied (or were, by a process that was interrupted).
  case active
  /// Paused by `iap download pause`; a waiting downloader continues on `resume`.
  case paused
  /// Every byte is in place and verified.
  case finished
  /// Stopped by an error; `resume` retries from where it stopped.
  case failed
  /// Given up on: the partial content is removed.
  case cancelled

  /// Whether a transaction with this content may be finished: the content was delivered, or
  /// the app gave up on it. The seeds: finish only when no work on the purchase remains.
  package var allowsFinishing: Bool { self == .finished || self == .cancelled }
}
