import IAPCore
import IAPKit
import IAPStorage
import IAPSystem

/// The state as a read-only request of `iap serve` opened it (the session, the store with its
/// clock and settings, the signer), kept for the next requests while nothing in the state
/// folder changed: they then skip opening the folder, its lock and its logs and checking a
/// dozen files (most of the system calls of a Get Transaction Info), and copy this
/// instead.
///
/// "Nothing changed" is the folder's `FolderWatch` generation, taken before the state was
/// opened: the kernel counts every write, rename, creation and removal in the folder, by any
/// process, in the very system call that makes it. A command's commit (its appends, its
/// seal, a renamed `settings.json` or `clock.json`) therefore gives the folder a new
/// generation before the command releases the lock, and the next request opens the state
/// afresh, under the lock, as a command does. Without a change there is nothing to wait for:
/// the lock only orders readers after writers, and no writer wrote. The catalog is outside the
/// folder: a kept read is for the catalog fields it was made with only.
package final class ServerReadCache: Sendable {
  /// One kept read.
  package struct Kept {
    package let generation: UInt64
    package let account: String
    package let device: String
    package let fields: Catalog?
    /// Never used itself: each request reads through a copy (`StateSession.unlockedCopy`).
    package let session: StateSession
    package let store: Store
    package let clock: StoreClock
    package let settings: StoreSettings
    package let signer: Signer

    /// A read of the state at folder generation `generation`, for `account` and `device`.
    package init(
      generation: UInt64, account: String, device: String, fields: Catalog?, session: StateSession, store: Store,
      clock: StoreClock, settings: StoreSettings, signer: Signer
    ) {
      self.generation = generation
      self.account = account
      self.device = device
      self.fields = fields
      self.session = session
      self.store = store
      self.clock = clock
      self.settings = settings
      self.signer = signer
    }
  }

  // Each `Kept` is made whole before it is stored and never changed after, so handing it to
  // another thread shares nothing that is written.
  private let kept = Locked<Kept?>(nil)

  package init() {}

  /// The read kept at `generation` for these account, device and catalog fields, if any.
  package func kept(at generation: UInt64, account: String, device: String, fields: Catalog?) -> Kept? {
    kept.withLock { kept in
      guard let kept, kept.generation == generation, kept.account == account, kept.device == device, kept.fields == fields else {
        return nil
      }
      return kept
    }
  }

  /// The read kept now, whatever its generation.
  var current: Kept? { kept.withLock { $0 } }

  /// Keeps `read` (made at its generation) in place of the one kept before.
  package func keep(_ read: Kept) {
    kept.withLock { $0 = read }
  }
}
