import IAPCore
import IAPStorage
import IAPSystem

/// The state as a read-only request of `iap serve` opened it (the session, the store with its
/// clock and settings, the signer), kept for the next requests while nothing in the state
/// folder changed: they then skip opening the folder, its lock and its logs and checking a
/// dozen files (two thirds of the system calls of a Get Transaction Info, and a third of its
/// time), and copy this instead.
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
  struct Kept {
    let generation: UInt64
    let account: String
    let device: String
    let fields: Catalog?
    /// Never used itself: each request reads through a copy (`StateSession.unlockedCopy`).
    let session: StateSession
    let store: Store
    let clock: StoreClock
    let settings: StoreSettings
    let signer: Signer
  }

  // Each `Kept` is made whole before it is stored and never changed after, so handing it to
  // another thread shares nothing that is written.
  private let kept = Locked<Kept?>(nil)

  package init() {}

  /// The read kept at `generation` for these account, device and catalog fields, if any.
  func kept(at generation: UInt64, account: String, device: String, fields: Catalog?) -> Kept? {
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
  func keep(_ read: Kept) {
    kept.withLock { $0 = read }
  }
}
