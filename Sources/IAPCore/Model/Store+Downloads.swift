package extension Store {
  /// The download that keeps `transaction` from being finished, if any: a purchase or restore
  /// of a product with hosted content whose download is neither finished nor cancelled.
  ///
  /// - Parameter downloads: the download state of each product with content (`waiting` for
  ///   one never started); products without content are absent. The store itself keeps no
  ///   download state: downloads live beside it, in files a download updates as it goes.
  static func pendingDownload(of transaction: Transaction, in downloads: [String: DownloadState]) -> DownloadState? {
    // A failed purchase delivers nothing, and a refunded one takes its content back.
    guard transaction.state == .purchased || transaction.state == .restored, transaction.revocationDate == nil,
      let state = downloads[transaction.productId], !state.allowsFinishing
    else { return nil }
    return state
  }

  /// The transactions `finish --all` leaves in the queue because their content is still
  /// downloading, oldest first.
  func heldByDownloads(_ downloads: [String: DownloadState]) -> [Transaction] {
    queue.filter { $0.state.isFinishable && Self.pendingDownload(of: $0, in: downloads) != nil }
  }
}
