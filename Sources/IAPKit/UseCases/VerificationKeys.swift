import IAPCore

/// What a client checks the store's signed values with (StoreKit's `VerificationResult`).
package struct VerificationKeys: Sendable {
  /// The environment the store signs for.
  package var environment: AppStoreEnvironment
  /// The root certificate (DER) the `x5c` chains of Sandbox and Production lead to.
  package var rootCertificate: [UInt8]
  /// In `LocalTesting` and `Xcode`, the HMAC key values are signed with (as Xcode's local
  /// StoreKit testing has a certificate of its own); nil where the certificate chain signs,
  /// so that the chain's secret is never handed out.
  package var localTestingKey: [UInt8]?
  /// The `VerificationError` the client reports every value unverified with
  /// (`fail-verification`), nil for none.
  package var simulatedFailure: String?
}

extension Workspace {
  /// Use case: the keys to verify what this store signs with, as a client app would trust
  /// them. Opens the state for writing: the signing secret is made on first use.
  package func verificationKeys() throws(IAPError) -> VerificationKeys {
    let (signer, failure) = try currentSigner()
    // Read once the store above is closed: the root's use case opens it again.
    let root = try rootCertificate(RootCertificateRequest()).der
    return VerificationKeys(
      environment: signer.environment, rootCertificate: root, localTestingKey: signer.chain == nil ? signer.key : nil,
      simulatedFailure: failure)
  }

  /// The signer in force and the simulated verification failure, the store closed again
  /// when it returns.
  private func currentSigner() throws(IAPError) -> (Signer, String?) {
    let opened = try openStore(forWriting: true)
    return (try signer(opened), opened.settings.failVerification)
  }
}
