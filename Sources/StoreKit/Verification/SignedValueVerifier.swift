import IAPCrypto
import IAPFormats
import IAPSystem

/// Checks what the store signed as a device checks it: an `x5c` chain (Sandbox, Production)
/// must lead to the store's root and its leaf's key verify the signature, as Apple's
/// `SignedDataVerifier` checks; an HMAC (LocalTesting, Xcode) must verify under the store's
/// local-testing key, as Xcode's local testing has a certificate of its own. The keys come
/// from the store once (`GET /iap/v1/verification`).
package final class TransactionVerifier: Sendable {
  package struct Keys: Sendable {
    var root: [UInt8]
    var localTestingKey: [UInt8]?
    /// The store's `fail-verification`: every value is unverified with this
    /// `VerificationError` case's name.
    var simulatedFailure: String?

    /// The keys of a `/verification` answer.
    init(_ answer: JSONValue) throws(StoreConnectionError) {
      guard let pem = answer["rootCertificate"]?.stringValue, let root = try? PEM.decode(pem).bytes else {
        throw StoreConnectionError(status: 0, name: "invalidAnswer", message: "the store sent no root certificate")
      }
      self.root = root
      localTestingKey = answer["localTestingKey"]?.stringValue.flatMap { try? Base64URL.decode($0) }
      simulatedFailure = answer["simulatedFailure"]?.stringValue
    }
  }

  private let fetch: @Sendable () throws(StoreConnectionError) -> Keys
  /// The keys once fetched; nil until then, and after `forget`.
  private let keys = Locked<Keys?>(nil)

  init(fetch: @escaping @Sendable () throws(StoreConnectionError) -> Keys) { self.fetch = fetch }

  /// The payload of `jws` and, when it does not verify, why; a token that does not decode at
  /// all is the store's error. Blocks for the keys the first time.
  package func check(_ jws: String) throws(StoreConnectionError) -> (payload: JSONValue, failure: VerificationFailure?) {
    let decoded: (header: JSONValue, payload: JSONValue, signatureValid: Bool?)
    do { decoded = try JWS.decode(jws, key: nil) } catch {
      throw StoreConnectionError(status: 0, name: "malformedJWS", message: "the store answered a value that is not a JWS: \(error)")
    }
    let keys = try currentKeys()
    // Xcode's simulated verification failure: the value decodes, and does not verify.
    if let simulated = keys.simulatedFailure { return (decoded.payload, .simulated(simulated)) }
    return (decoded.payload, failure(jws, header: decoded.header, payload: decoded.payload, keys: keys))
  }

  /// Nil when `jws` verifies, else the first check it failed.
  private func failure(_ jws: String, header: JSONValue, payload: JSONValue, keys: Keys) -> VerificationFailure? {
    switch header["alg"]?.stringValue {
    case "ES256":
      let signed = Timestamp(milliseconds: payload["signedDate"]?.intValue ?? 0)
      return SignatureCheck.es256Failure(jws, header: header, trustedRoot: keys.root, at: signed).map(VerificationFailure.invalidSignature)
    case "HS256":
      guard let key = keys.localTestingKey else {
        return .invalidSignature("signed for local testing, but the store now signs with its certificate chain")
      }
      return (try? JWS.decode(jws, key: key).signatureValid) == true ? nil : .invalidSignature("the HMAC does not verify under the store's local-testing key")
    default:
      return .invalidEncoding("alg is neither ES256 nor HS256")
    }
  }

  private func currentKeys() throws(StoreConnectionError) -> Keys {
    if let known = keys.current { return known }
    let fetched = try fetch()
    keys.withLock { $0 = fetched }
    return fetched
  }

  /// Forgets the keys: the store's environment may have changed.
  package func forget() { keys.withLock { $0 = nil } }
}

/// Why a signed value did not verify, with the check it failed; the public API makes it a
/// `VerificationResult.VerificationError`.
package enum VerificationFailure: Sendable, Equatable {
  /// The signature, or the certificate chain to the store's root, failed a check (named).
  case invalidSignature(String)
  /// The value is not signed in a way the store signs.
  case invalidEncoding(String)
  /// The store simulates the `VerificationError` case of this name (`fail-verification`).
  case simulated(String)
}
