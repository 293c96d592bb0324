import IAPCore
import IAPFormats
import IAPKit
import IAPStorage

/// The state's App Store Connect keys as JSON (`keys list --json`, the control plane).
package enum KeysJSON {
  /// `{"issuerId", "keys": [{"keyId", "origin", "publicKey"}]}`, the public keys as PEM.
  package static func document(_ file: KeysFile) -> JSONValue {
    .object([
      ("issuerId", .optional(file.issuerId)),
      ("keys", .array(file.keys.map { .object([("keyId", .string($0.keyId)), ("origin", .string($0.origin)), ("publicKey", .string($0.pem))]) })),
    ])
  }
}
