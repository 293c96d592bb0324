import IAPCore
import IAPSystem

/// The server's `HistoryIndex`, kept from one request to the next: each request folds in
/// only what the log gained since the last one, so looking a transaction up costs one read
/// of one record however long the history is (a command, which runs once, opens the index
/// afresh: `StateSession.transaction(_:kept:)`). The records read are kept decoded too, by
/// where they start: a record's bytes never change while the index stands for the log, and
/// decoding one again would cost each request more than the lookup itself.
///
/// Callers hold the state's lock, or read a folder nothing changed since it was opened under
/// it (the server's kept reads), so the log does not change under a lookup. A log that is another
/// file now, or shorter than what was indexed (a repair rewrote it), is indexed afresh, as
/// is one whose indexed record no longer holds the id it was indexed under.
package final class TransactionIdIndex: Sendable {
  private struct Kept {
    var index: HistoryIndex
    /// Records read through `index`, by the offset they start at.
    var decoded: [Int: Transaction] = [:]
  }

  private let kept = Locked<Kept?>(nil)
  /// At most this many decoded records are kept (some megabytes); then they are read again.
  static let decodedLimit = 4096

  package init() {}

  /// The latest version of transaction `id` in the log open at `fd`, up to `validEnd`.
  func transaction(_ id: UInt64, fd: Int32, path: String, validEnd: Int) throws(StateError) -> Transaction? {
    try kept.withLock { (kept: inout Kept?) throws(StateError) -> Transaction? in
      guard let identity = HistoryIndex.identity(of: fd) else { return nil }
      if !(kept?.index.describes(identity, upTo: validEnd) ?? false) { kept = Kept(index: HistoryIndex(of: identity)) }
      for _ in 0..<2 {
        try kept!.index.catchUp(fd: fd, path: path, to: validEnd)
        let offset = kept!.index.latestOffset(of: id)
        if let offset, let t = kept!.decoded[offset] { return t }
        switch kept!.index.transaction(id, fd: fd, path: path) {
        case let .found(t):
          if let offset {
            if kept!.decoded.count >= Self.decodedLimit { kept!.decoded.removeAll() }
            kept!.decoded[offset] = t
          }
          return t
        case .none: return nil
        case .stale: kept = Kept(index: HistoryIndex(of: identity))  // the log was rewritten in place: index it again
        }
      }
      return nil
    }
  }
}
