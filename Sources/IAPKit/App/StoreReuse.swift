import IAPCatalog
import IAPCore
import IAPCrypto
import IAPStorage
import IAPSystem

/// What a use case may take from earlier ones on the same store instead of reading the files
/// again: the loaded state, the index of transactions by id, `keys.json` parsed, the catalog's
/// fields. A long-running front end (`iap serve`) gives its workspaces one and keeps it from
/// one request to the next; a command runs once and gives none (`Workspace.reuse` is nil),
/// so it neither allocates nor checks anything for it.
///
/// Each answer is only for the file as it is: the caller passes the identity or `stat` key it
/// just took, and a kept value made under another one is not returned, so a command run beside
/// the server is seen by the next request as when nothing was kept.
package protocol StoreReuse: AnyObject, Sendable {
  /// The state as the last request loaded it, which `StateDirectory.open` checks and takes.
  var loadedState: LoadedStateCache { get }
  /// Where each transaction's latest version lies in the log.
  var transactionIndex: TransactionIdIndex { get }
  /// `keys.json` as parsed when it had `identity`, if it was.
  func keys(at identity: FileIdentity) -> (KeysFile, [String: P256.PublicKey])?
  /// Keeps `keys.json` as parsed at `identity`.
  func remember(keys file: KeysFile, publicKeys: [String: P256.PublicKey], at identity: FileIdentity)
  /// The catalog's fields read from `path` when its `stat` gave `key`, if they were.
  func catalog(at path: String, key: CatalogCache.Key) -> Catalog?
  /// Keeps the catalog's fields read from `path` at `key` (a settled key only: see
  /// `CatalogCache.Key.isSettled`).
  func remember(catalog fields: Catalog, at path: String, key: CatalogCache.Key)
}
