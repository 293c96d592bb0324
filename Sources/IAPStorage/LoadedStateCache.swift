import IAPCore
import IAPSystem

/// The state as a session last loaded it (`store.json` decoded, the logs past it replayed),
/// kept by the server with what the files looked like then, so that the next request, when
/// nothing changed, takes it rather than decoding `store.json` again, which would be much
/// of a Get Transaction Info request's work.
///
/// "Nothing changed" is checked under the state's lock as a command checks its logs against
/// their seal (`LogSeal`), and more strictly: the seal in `lock` is the one the load read,
/// and `store.json` and both logs have the identity they had (`FileIdentity`: inode, size,
/// modification and change times). Any commit appends to the transaction log (its size
/// changes) and rewrites the seal, so the request after a command loads afresh. Only a load
/// that found the logs as sealed is kept (one that had to check them rewrote the seal).
///
/// The small files every request reads (settings, clock, secret) are kept likewise, each
/// under its own identity.
package final class LoadedStateCache: Sendable {
  /// What the files looked like.
  struct Key: Equatable {
    package var seal: LogSeal
    package var snapshot: FileIdentity?
    package var transactions: FileIdentity?
    package var notifications: FileIdentity?

    /// The key of the state in `folder` now; nil without a seal in `lock` (such a load checks
    /// the logs and seals them, and the next one can be kept).
    init?(folder: Folder, lock: Int32) {
      guard let seal = LogSeal.read(lock) else { return nil }
      self.seal = seal
      snapshot = FileIdentity(StateDirectory.Name.snapshot, in: folder)
      transactions = FileIdentity(StateDirectory.Name.log, in: folder)
      notifications = FileIdentity(StateDirectory.Name.notifications, in: folder)
    }
  }

  /// A loaded state.
  struct Entry {
    var key: Key
    var state: StoreState
    /// What `store.json` covered, and whether there was one.
    var snapshotOffsets: SnapshotCodec.Offsets
    var hasSnapshot: Bool
    /// Where each log's complete records ended.
    var transactionsEnd: Int
    var notificationsEnd: Int
  }

  private let last = Locked<Entry?>(nil)
  /// The small files read at every request (`settings.json`, `clock.json`, `secret`) by name,
  /// with the identity they had when read.
  private let files = Locked<[String: (identity: FileIdentity, bytes: [UInt8])]>([:])

  package init() {}

  /// The state loaded when the files were as `key` says, if it is the last one kept.
  func entry(for key: Key) -> Entry? {
    last.withLock { $0?.key == key ? $0 : nil }
  }

  /// The last state kept, whatever the files are now.
  var kept: Entry? { last.current }

  func remember(_ entry: Entry) {
    last.withLock { $0 = entry }
  }

  /// The bytes of `name` in `folder` (nil when it does not exist): those read before while
  /// its identity is unchanged, else read now. An error is the read's, as without the cache.
  package func read(_ name: String, in folder: Folder) throws(POSIXFileError) -> [UInt8]? {
    guard let identity = FileIdentity(name, in: folder) else {
      // Not there (the clock file of a store on the real clock): no need to try opening it.
      if Errno.current == .noSuchFile { return nil }
      return try folder.readIfExists(name)
    }
    if let kept = files.withLock({ $0[name] }), kept.identity == identity { return kept.bytes }
    // Read after the `stat`: at worst, newer bytes under an older identity, read again next time.
    guard let bytes = try folder.readIfExists(name) else { return nil }
    files.withLock { $0[name] = (identity, bytes) }
    return bytes
  }
}
