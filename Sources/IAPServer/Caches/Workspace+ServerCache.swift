import IAPKit

extension Workspace {
  /// The server's cache for this workspace's store, which `ServerRouter` or `AppStoreServerAPI`
  /// gave it as its `reuse`: the tokens and kept reads of the App Store Server API's use cases
  /// are there beside what `IAPKit`'s use cases take (nil outside the server).
  var serverCache: ServerStoreCache? { reuse as? ServerStoreCache }
}
