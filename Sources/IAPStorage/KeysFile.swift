import IAPCore
import IAPCrypto
import IAPFormats
import IAPSystem

/// `keys.json`: the keys App Store Connect would list on its Keys page for this state, and
/// the issuer id they belong to. Only public parts are kept: the private key of a key made
/// by `iap keys create` goes to the user's `.p8` file and nowhere else.
///
/// ```json
/// {"issuerId": "…", "keys": [{"keyId": "2X9R4HXF34", "origin": "created", "publicKey": "-----BEGIN PUBLIC KEY-----…"}]}
/// ```
package struct KeysFile: Equatable, Sendable {
  /// One registered key.
  package struct Entry: Equatable, Sendable {
    package var keyId: String
    /// `created` (by `iap keys create`) or `added` (`iap keys add`).
    package var origin: String
    /// The 65-byte uncompressed P-256 point.
    package var publicKey: [UInt8]

    package init(keyId: String, origin: String, publicKey: [UInt8]) {
      self.keyId = keyId
      self.origin = origin
      self.publicKey = publicKey
    }

    /// The SubjectPublicKeyInfo PEM ("PUBLIC KEY").
    package var pem: String { SubjectPublicKeyInfo.pem(p256PublicKey: publicKey) }
  }

  /// The state's issuer id (a lowercase UUID), made once; nil until a key is made or added.
  package var issuerId: String?
  /// In the order they were registered.
  package var keys: [Entry] = []

  package init(issuerId: String? = nil, keys: [Entry] = []) {
    self.issuerId = issuerId
    self.keys = keys
  }

  package func entry(_ keyId: String) -> Entry? { keys.first { $0.keyId == keyId } }

  /// The usable public keys by key id.
  package var publicKeys: [String: P256.PublicKey] {
    var result: [String: P256.PublicKey] = [:]
    for entry in keys { result[entry.keyId] = P256.PublicKey(x963Representation: entry.publicKey) }
    return result
  }

  func encode() -> JSONValue {
    .object([
      ("issuerId", .optional(issuerId)),
      ("keys", .array(keys.map { .object([("keyId", .string($0.keyId)), ("origin", .string($0.origin)), ("publicKey", .string($0.pem))]) })),
    ])
  }

  /// Reads the file back; nil when it is not what `encode` writes (a key that is not a P-256
  /// public key included).
  package static func decode(_ json: JSONValue) -> KeysFile? {
    guard let list = json["keys"]?.arrayValue else { return nil }
    var file = KeysFile(issuerId: json["issuerId"]?.stringValue)
    for item in list {
      guard let keyId = item["keyId"]?.stringValue, let origin = item["origin"]?.stringValue,
        let pem = item["publicKey"]?.stringValue, let point = try? SubjectPublicKeyInfo.decodeP256(pem: pem),
        P256.PublicKey(x963Representation: point) != nil
      else { return nil }
      file.keys.append(Entry(keyId: keyId, origin: origin, publicKey: point))
    }
    return file
  }
}

package extension StateSession {
  /// `keys.json`, or an empty set of keys when there is none.
  func keysFile() throws(StateError) -> KeysFile {
    let path = directory.path + "/" + StateDirectory.Name.keys
    let bytes: [UInt8]
    do {
      guard let read = try folder?.readIfExists(StateDirectory.Name.keys) else { return KeysFile() }
      bytes = read
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    guard let json = try? JSONParser.parse(bytes), let file = KeysFile.decode(json) else {
      throw .unreadable(path: path, reason: "expected {\"issuerId\": …, \"keys\": [{\"keyId\", \"origin\", \"publicKey\"}]}")
    }
    return file
  }

  /// Replaces `keys.json` atomically (under the session's exclusive lock).
  func saveKeysFile(_ file: KeysFile) throws(StateError) {
    precondition(writable, "saveKeysFile on a read-only state session")
    do {
      try writableFolder.replaceAtomically(StateDirectory.Name.keys, with: Array((JSONWriter.pretty(file.encode()) + "\n").utf8))
    } catch {
      throw .unwritable(path: directory.path, reason: error.description)
    }
  }
}
