import IAPCrypto
import IAPFormats
import IAPSystem

/// Checks what the store signed as a device checks it: an `x5c` chain (Sandbox, Production)
/// must lead to the store's root and its leaf's key verify the signature, as Apple's
/// `SignedDataVerifier` checks; an HMAC (LocalTesting, Xcode) must verify under the store's
/// local-testing key, as Xcode's local testing has a certificate of its own. The keys come
/// from the server once (`GET /iap/v1/verification`).
final class TransactionVerifier: Sendable {
  struct Keys: Sendable {
    var root: [UInt8]
    var localTestingKey: [UInt8]?
    /// The store's `fail-verification`: every value is unverified with this error.
    var simulatedFailure: String?
  }

  /// The store's control plane, which the transactions it signed are finished at.
  let base: String
  private let fetch: @Sendable () throws(IAPStoreError) -> Keys
  /// The keys once fetched; nil until then, and after `forget`.
  private let keys = Locked<Keys?>(nil)

  init(base: String, fetch: @escaping @Sendable () throws(IAPStoreError) -> Keys) {
    self.base = base
    self.fetch = fetch
  }

  /// `jws` decoded into a transaction, verified or with the reason it is not.
  func transaction(_ jws: String) throws(IAPStoreError) -> VerificationResult<Transaction> {
    try verify(jws) { [base] (payload) throws(VerificationError) in try Transaction(jws: jws, payload: payload, base: base) }
  }

  /// `jws` decoded by `make`, verified or with the reason it is not; a token that does not
  /// decode at all is the store's error.
  func verify<T: Sendable>(_ jws: String, _ make: (JSONValue) throws(VerificationError) -> T) throws(IAPStoreError) -> VerificationResult<T> {
    let decoded: (header: JSONValue, payload: JSONValue, signatureValid: Bool?)
    do { decoded = try JWS.decode(jws, key: nil) } catch {
      throw IAPStoreError(status: 0, name: "malformedJWS", message: "the store answered a value that is not a JWS: \(error)")
    }
    let value: T
    do { value = try make(decoded.payload) } catch {
      throw IAPStoreError(status: 0, name: "malformedJWS", message: error.description)
    }
    // Xcode's simulated Verification failure: the value decodes, and does not verify.
    if let simulated = try currentKeys().simulatedFailure { return .unverified(value, .simulated(simulated)) }
    if let failure = try check(jws, header: decoded.header, payload: decoded.payload) {
      return .unverified(value, .invalidSignature(failure))
    }
    return .verified(value)
  }

  /// Nil when `jws` verifies, else the first check it failed.
  private func check(_ jws: String, header: JSONValue, payload: JSONValue) throws(IAPStoreError) -> String? {
    let keys = try currentKeys()
    switch header["alg"]?.stringValue {
    case "ES256":
      let signed = Timestamp(milliseconds: payload["signedDate"]?.intValue ?? 0)
      return SignatureCheck.es256Failure(jws, header: header, trustedRoot: keys.root, at: signed)
    case "HS256":
      guard let key = keys.localTestingKey else { return "signed for local testing, but the store now signs with its certificate chain" }
      return (try? JWS.decode(jws, key: key).signatureValid) == true ? nil : "the HMAC does not verify under the store's local-testing key"
    default:
      return "alg is neither ES256 nor HS256"
    }
  }

  private func currentKeys() throws(IAPStoreError) -> Keys {
    if let known = keys.current { return known }
    let fetched = try fetch()
    keys.withLock { $0 = fetched }
    return fetched
  }

  /// Forgets the keys: the environment may have changed (`IAPStore.reloadKeys`).
  func forget() { keys.withLock { $0 = nil } }
}
