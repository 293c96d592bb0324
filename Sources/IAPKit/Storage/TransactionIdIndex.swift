import IAPCore
import IAPSystem

/// The server's `HistoryIndex`, kept from one request to the next: each request folds in
/// only what the log gained since the last one, so looking a transaction up costs one read
/// of one record however long the history is (a command, which runs once, opens the index
/// afresh: `StateSession.transaction(_:kept:)`).
///
/// Callers hold the state's lock, so the log does not change under a lookup. A log that is
/// another file now, or shorter than what was indexed (a repair rewrote it), is indexed
/// afresh, as is one whose indexed record no longer holds the id it was indexed under.
package final class TransactionIdIndex: Sendable {
  private let kept = Locked<HistoryIndex?>(nil)

  package init() {}

  /// The latest version of transaction `id` in the log open at `fd`, up to `validEnd`.
  func transaction(_ id: UInt64, fd: Int32, path: String, validEnd: Int) throws(IAPError) -> Transaction? {
    try kept.withLock { (index: inout HistoryIndex?) throws(IAPError) -> Transaction? in
      guard let identity = HistoryIndex.identity(of: fd) else { return nil }
      if !(index?.describes(identity, upTo: validEnd) ?? false) { index = HistoryIndex(of: identity) }
      for _ in 0..<2 {
        try index!.catchUp(fd: fd, path: path, to: validEnd)
        switch index!.transaction(id, fd: fd, path: path) {
        case let .found(t): return t
        case .none: return nil
        case .stale: index = HistoryIndex(of: identity)  // the log was rewritten in place: index it again
        }
      }
      return nil
    }
  }
}
