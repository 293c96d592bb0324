extension StoreSettings {
  /// StoreKit's `VerificationResult.VerificationError` cases, which Xcode's simulated
  /// Verification failures choose among (`fail-verification`).
  package static let verificationErrors = [
    "invalidSignature", "invalidCertificateChain", "revokedCertificate", "invalidEncoding", "missingRequiredProperties",
    "invalidDeviceVerification",
  ]
}
