import IAPCatalog
import IAPCore
import IAPCrypto
import IAPStorage
import IAPSystem

/// What `keys create` made: the ids App Store Connect shows, and where the private key went.
package struct CreatedKey: Sendable {
  package var keyId: String
  package var issuerId: String
  /// The `.p8` file written (as resolved), holding the PKCS#8 PEM; nil when none was.
  package var privateKeyPath: String?
  /// The private key as a PKCS#8 PEM, what the file holds.
  package var privateKeyPEM: String
}

/// Where `keys add` reads a public key PEM from.
package enum PEMSource: Sendable {
  /// The PEM itself, given on the command line.
  case text(String)
  /// A file (relative to the working folder).
  case file(String)
  case standardInput
}

extension Workspace {
  /// Where this store's API keys are: its own folder, or the state's when the server shares
  /// one key set across namespaces (`sharedKeys`).
  var keysDirectory: StateDirectory { sharedKeys?.keysDirectory ?? stateDirectory }

  /// Use case: makes a P-256 key as App Store Connect does, keeps its public part in the
  /// state and writes the private key as a PKCS#8 PEM to `output` (default
  /// `AuthKey_<KEYID>.p8` in the working folder), mode 0600, never over an existing file.
  ///
  /// Keys are secrets, so they come from the system's random generator, never from the
  /// state's signing secret. With `writeFile` false (the control plane, which answers the
  /// PEM itself) no file is written.
  package func createKey(output: String?, writeFile: Bool = true) throws(IAPError) -> CreatedKey {
    let session = try IAPError.ofState(keysDirectory.open(forWriting: true))
    var file = try IAPError.ofState(session.keysFile())
    var generator = SystemRandomNumberGenerator()
    var keyId = Self.newKeyId(&generator)
    while file.entry(keyId) != nil { keyId = Self.newKeyId(&generator) }
    var key: P256.PrivateKey?
    while key == nil { key = P256.PrivateKey(rawRepresentation: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }) }
    let privateKey = key!
    let path = writeFile ? resolve(output ?? "AuthKey_\(keyId).p8") : nil
    let pem = PKCS8.pem(ECPrivateKey(privateKey: privateKey.rawRepresentation, publicKey: privateKey.publicKey.x963Representation))
    if let path { try Self.writeSecretFile(path, Array(pem.utf8)) }
    if file.issuerId == nil { file.issuerId = Self.newUUID(&generator) }
    file.keys.append(KeysFile.Entry(keyId: keyId, origin: "created", publicKey: privateKey.publicKey.x963Representation))
    do {
      try session.saveKeysFile(file)
    } catch {
      // A key the state does not know is of no use: take the file back.
      if let path { POSIXFile.removeFile(path) }
      throw IAPError(error)
    }
    return CreatedKey(keyId: keyId, issuerId: file.issuerId!, privateKeyPath: path, privateKeyPEM: pem)
  }

  /// Use case: registers a public key made elsewhere (a SubjectPublicKeyInfo PEM, "PUBLIC
  /// KEY", on P-256) under `keyId`; returns the state's keys.
  package func addKey(_ keyId: String, publicKey from: PEMSource) throws(IAPError) -> KeysFile {
    let pem: String
    let source: String
    switch from {
    case let .text(text): (pem, source) = (text, "the public key")
    case let .file(path):
      let bytes: [UInt8]?
      do { bytes = try InputFile.read(resolve(path)) } catch { throw .catalog(error.inputError(path: path)) }
      guard let bytes else { throw .catalog(.inputMissing(path: path)) }
      (pem, source) = (String(decoding: bytes, as: UTF8.self), path)
    case .standardInput:
      do { pem = String(decoding: try environment.standardInput(), as: UTF8.self) } catch { throw .catalog(error.inputError(path: "standard input")) }
      source = "standard input"
    }
    let point: [UInt8]
    do { point = try SubjectPublicKeyInfo.decodeP256(pem: pem) } catch {
      throw .catalog(.inputInvalid(path: source, reason: "not a P-256 public key PEM (-----BEGIN PUBLIC KEY-----): \(error)"))
    }
    guard P256.PublicKey(x963Representation: point) != nil else {
      throw .catalog(.inputInvalid(path: source, reason: "the public key is not a point of the P-256 curve"))
    }
    let session = try IAPError.ofState(keysDirectory.open(forWriting: true))
    var file = try IAPError.ofState(session.keysFile())
    guard file.entry(keyId) == nil else { throw .refused(.duplicateKey(keyId)) }
    var generator = SystemRandomNumberGenerator()
    if file.issuerId == nil { file.issuerId = Self.newUUID(&generator) }
    file.keys.append(KeysFile.Entry(keyId: keyId, origin: "added", publicKey: point))
    try IAPError.ofState(session.saveKeysFile(file))
    return file
  }

  /// Use case: the state's keys (public parts only) and issuer id. Under the shared lock,
  /// without loading the store: `keys.json` is all it reads.
  package func listKeys() throws(IAPError) -> KeysFile {
    try IAPError.ofState(keysDirectory.openForSettings().keysFile())
  }

  /// The state's keys and their usable public keys by key id, for checking tokens: the
  /// server's parse of `keys.json` (`reuse`) while the file is unchanged, else a read.
  package func keysForChecking() throws(IAPError) -> (file: KeysFile, publicKeys: [String: P256.PublicKey]) {
    // The file is only ever replaced whole (a rename), so one `stat` of its path tells
    // whether the keys parsed before are still the ones in force; the lock and the state's
    // checks come with the request's own opening of the state.
    let keysPath = keysDirectory.path + "/" + StateDirectory.Name.keys
    if let cache = reuse, let identity = FileIdentity(path: keysPath), let (file, publicKeys) = cache.keys(at: identity) {
      return (file, publicKeys)
    }
    let session = try IAPError.ofState(keysDirectory.openForSettings())
    guard let cache = reuse else {
      let file = try IAPError.ofState(session.keysFile())
      return (file, file.publicKeys)
    }
    // The identity before the read: a file replaced in between is read again next time.
    let identity = session.folder.flatMap { FileIdentity(StateDirectory.Name.keys, in: $0) }
    let file = try IAPError.ofState(session.keysFile())
    let publicKeys = file.publicKeys
    if let identity { cache.remember(keys: file, publicKeys: publicKeys, at: identity) }
    return (file, publicKeys)
  }

  /// Use case: forgets a key; signatures made with it no longer verify. Returns what was removed.
  package func removeKey(_ keyId: String) throws(IAPError) -> KeysFile.Entry {
    let session = try IAPError.ofState(keysDirectory.open(forWriting: true))
    var file = try IAPError.ofState(session.keysFile())
    guard let entry = file.entry(keyId) else { throw .refused(.unknownKey(keyId)) }
    file.keys.removeAll { $0.keyId == keyId }
    try IAPError.ofState(session.saveKeysFile(file))
    return entry
  }

  /// The public key registered as `keyId`, for whatever checks signatures made with the
  /// state's keys (promotional offers; App Store Server API tokens).
  package func publicKey(forKeyId keyId: String) throws(IAPError) -> P256.PublicKey? {
    try listKeys().publicKeys[keyId]
  }

  /// 10 characters from A-Z and 0-9, as App Store Connect's key ids.
  static func newKeyId(_ generator: inout SystemRandomNumberGenerator) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    return String((0..<10).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
  }

  /// A random (version 4) UUID, lowercase.
  static func newUUID(_ generator: inout SystemRandomNumberGenerator) -> String {
    DerivedIdentifier.uuid((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
  }

  /// Writes a new file readable by its owner only, refusing an existing one (a link
  /// included): a private key must never replace, or be written through, anything.
  static func writeSecretFile(_ path: String, _ bytes: [UInt8]) throws(IAPError) {
    let fd: Int32
    do { fd = try POSIXFile.open(path, [.writeOnly, .create, .exclusive], mode: 0o600) } catch {
      if error.errno == .fileExists { throw .outputUnwritable(path: path, reason: "the file exists; iap does not overwrite a key file") }
      throw .outputUnwritable(path: path, reason: error.description)
    }
    defer { POSIXFile.close(fd) }
    do {
      try POSIXFile.write(fd, bytes, at: 0, path: path)
      try POSIXFile.sync(fd, path: path)
    } catch {
      POSIXFile.removeFile(path)
      throw .outputUnwritable(path: path, reason: error.description)
    }
  }
}
