import IAPCatalog
import IAPCore
import IAPCrypto
import IAPKit
import IAPStorage
import IAPSystem

/// What `iap serve` keeps from one request to the next for one store (the state's own, or a
/// namespace's), so that a request costs its work and not the re-reading of files that did
/// not change: the transactions by id, the verified bearer tokens, the parsed keys, the
/// catalog's fields and the loaded state. Each is checked against the files on every use
/// (one `stat`, or the seal's check), so a command run beside the server is seen by the
/// next request, as when nothing was kept. A command keeps none of it: it runs once.
///
/// The use cases of `IAPKit` reach what they share with every front end through `StoreReuse`
/// (`Workspace.reuse`); the tokens and the kept reads are this front end's own.
package final class ServerStoreCache: StoreReuse {
  /// Where each transaction's latest version lies in the log.
  package let transactionIndex = TransactionIdIndex()
  /// Bearer tokens already verified.
  package let tokens = ServerTokenCache()
  /// The state as the last request loaded it.
  package let loadedState = LoadedStateCache()
  /// The last read-only request's opened state, while the folder is unchanged.
  package let reads = ServerReadCache()

  private let keys = Locked<(identity: FileIdentity, file: KeysFile, publicKeys: [String: P256.PublicKey])?>(nil)
  private let catalog = Locked<(path: String, key: CatalogCache.Key, catalog: Catalog)?>(nil)

  package init() {}

  /// `keys.json` as parsed when it had `identity`, if it was.
  package func keys(at identity: FileIdentity) -> (KeysFile, [String: P256.PublicKey])? {
    keys.withLock { keys in
      guard let keys, keys.identity == identity else { return nil }
      return (keys.file, keys.publicKeys)
    }
  }

  /// Keeps `keys.json` as parsed at `identity`.
  package func remember(keys file: KeysFile, publicKeys: [String: P256.PublicKey], at identity: FileIdentity) {
    keys.withLock { $0 = (identity, file, publicKeys) }
  }

  /// The catalog's fields read from `path` when its `stat` gave `key`, if they were.
  package func catalog(at path: String, key: CatalogCache.Key) -> Catalog? {
    catalog.withLock { catalog in
      guard let catalog, catalog.path == path, catalog.key == key else { return nil }
      return catalog.catalog
    }
  }

  /// Keeps the catalog's fields read from `path` at `key` (a settled key only: see
  /// `CatalogCache.Key.isSettled`).
  package func remember(catalog fields: Catalog, at path: String, key: CatalogCache.Key) {
    catalog.withLock { $0 = (path, key, fields) }
  }
}
