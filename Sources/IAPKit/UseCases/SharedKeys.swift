import IAPCore
import IAPStorage

/// One signing chain and one API key set for every namespace of a server
/// (`iap serve --shared-keys`): a suite then needs one verifier and one client for all its
/// namespaces, rather than a root certificate and a key per test.
package struct SharedKeys: Sendable {
  /// The store whose `keys.json` holds the shared key set: the state's own.
  package let keysDirectory: StateDirectory
  /// The secret every namespace signs with, so that all chain to one root certificate.
  package let signingSecret: String
  /// The key a namespace made in one call is answered with.
  package let key: CreatedKey
}

extension Workspace {
  /// Use case: the state's own signing secret (made now if it has none) and a key made for
  /// the server's run, registered in the state's own key set, which every namespace then
  /// shares. `unshareKeys` takes the key back when the server stops.
  package func shareKeys() throws(IAPError) -> SharedKeys {
    guard namespace == nil else { throw .invalidRequest("keys are shared from the state's own store, not a namespace's") }
    let secret: [UInt8]
    do {
      let opened = try openStore(forWriting: true)
      secret = try signingKey(opened.session, settings: opened.settings)
    }
    let key = try createKey(output: nil, writeFile: false)
    return SharedKeys(keysDirectory: stateDirectory, signingSecret: String(decoding: secret, as: UTF8.self), key: key)
  }

  /// Use case: removes the key `shareKeys` made: its private part is gone with the server,
  /// so no signature made with it should verify after.
  package func unshareKeys(_ shared: SharedKeys) throws(IAPError) {
    _ = try removeKey(shared.key.keyId)
  }
}
