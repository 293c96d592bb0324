import IAPCore

/// The App Store Server API's host names, and the environment each serves: the ones Apple's
/// libraries used first (`api.storekit.itunes.apple.com`) and the ones their newer versions
/// use (`api.storekit.apple.com`, App Store Server Library for Swift 6.0 and Python 3.x).
/// A server under test that reaches `iap serve` by these names (`/etc/hosts`, or a proxy that
/// keeps the `Host` header; `iap serve --allow-host NAME`) asks the environment it names.
enum AppleAPIHost {
  static let production: Set<String> = ["api.storekit.itunes.apple.com", "api.storekit.apple.com"]
  static let sandbox: Set<String> = ["api.storekit-sandbox.itunes.apple.com", "api.storekit-sandbox.apple.com"]

  /// The environment `host` (a `Host` header, with or without a port) names; nil for any
  /// other host.
  static func environment(ofHost host: String?) -> AppStoreEnvironment? {
    guard let host else { return nil }
    let name = String(host.split(separator: ":", maxSplits: 1).first ?? "").lowercased()
    if production.contains(name) { return .production }
    if sandbox.contains(name) { return .sandbox }
    return nil
  }
}
