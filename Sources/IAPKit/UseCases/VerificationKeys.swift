import IAPCore

/// What a client checks the store's signed values with (IAPStoreKit's `VerificationResult`).
public struct VerificationKeys: Sendable {
  /// The environment the store signs for.
  public var environment: String
  /// The root certificate (DER) the `x5c` chains of Sandbox and Production lead to.
  public var rootCertificate: [UInt8]
  /// In `LocalTesting` and `Xcode`, the HMAC key values are signed with (as Xcode's local
  /// StoreKit testing has a certificate of its own); nil where the certificate chain signs,
  /// so that the chain's secret is never handed out.
  public var localTestingKey: [UInt8]?
}

extension Workspace {
  /// Use case: the keys to verify what this store signs with, as a client app would trust
  /// them. Opens the state for writing: the signing secret is made on first use.
  public func verificationKeys() throws(IAPError) -> VerificationKeys {
    let signer = try currentSigner()
    // Read once the store above is closed: the root's use case opens it again.
    let root = try rootCertificate(RootCertificateRequest()).der
    return VerificationKeys(environment: signer.environment, rootCertificate: root, localTestingKey: signer.chain == nil ? signer.key : nil)
  }

  /// The signer in force, the store closed again when it returns.
  private func currentSigner() throws(IAPError) -> Signer {
    let opened = try openStore(forWriting: true)
    return try signer(opened)
  }
}
