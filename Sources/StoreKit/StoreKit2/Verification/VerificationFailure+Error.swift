extension VerificationFailure {
  /// The `VerificationError` StoreKit reports for this failure: a chain that does not lead
  /// to the store's root is `invalidCertificateChain`, a token not signed as the store signs
  /// `invalidEncoding`, any other failed check `invalidSignature` (a signature that fails
  /// under a good chain's leaf among them); the store's simulated failure is the case it names.
  func verificationError<T>(for _: T.Type) -> VerificationResult<T>.VerificationError {
    switch self {
    case let .invalidSignature(check):
      if check.hasPrefix("signature") { return .invalidSignature }
      return check.hasPrefix("x5c") || check.contains("certificate") ? .invalidCertificateChain : .invalidSignature
    case .invalidEncoding:
      return .invalidEncoding
    case let .simulated(name):
      switch name {
      case "revokedCertificate": return .revokedCertificate
      case "invalidCertificateChain": return .invalidCertificateChain
      case "invalidDeviceVerification": return .invalidDeviceVerification
      case "invalidEncoding": return .invalidEncoding
      case "missingRequiredProperties": return .missingRequiredProperties
      default: return .invalidSignature
      }
    }
  }
}
