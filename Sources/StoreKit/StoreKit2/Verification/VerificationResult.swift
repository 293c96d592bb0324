import Foundation

/// StoreKit's `VerificationResult`: a value the App Store signed, and whether it passed the
/// checks StoreKit makes on the device. Here the checks are the store's: the `x5c` chain to
/// the store's root and the leaf's signature (Sandbox, Production), or the HMAC of Xcode's
/// local testing (LocalTesting, Xcode); and the store's `fail-verification` setting makes
/// every value unverified with the `VerificationError` it names.
@frozen public enum VerificationResult<SignedType> {
  /// The value failed verification, for the reason the error gives.
  case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
  /// The value passed verification.
  case verified(SignedType)

  /// The value, once verified; an unverified one throws its `VerificationError`.
  public var payloadValue: SignedType {
    get throws {
      switch self {
      case let .verified(value): return value
      case let .unverified(_, error): throw error
      }
    }
  }

  /// The value, verified or not: for debugging, or where its integrity does not matter.
  public var unsafePayloadValue: SignedType {
    switch self {
    case let .verified(value), let .unverified(value, _): return value
    }
  }
}

extension VerificationResult: Sendable where SignedType: Sendable {}
extension VerificationResult: Equatable where SignedType: Equatable {}
extension VerificationResult: Hashable where SignedType: Hashable {}

extension VerificationResult: CustomDebugStringConvertible where SignedType: CustomDebugStringConvertible {
  /// The value and whether it verified.
  public var debugDescription: String {
    switch self {
    case let .verified(value): return "verified: \(value.debugDescription)"
    case let .unverified(value, error): return "unverified (\(error)): \(value.debugDescription)"
    }
  }
}

extension VerificationResult {
  /// The reasons StoreKit gives for a value that failed verification.
  public enum VerificationError: Error, LocalizedError, Equatable, Hashable, Sendable {
    /// A certificate of the chain was revoked.
    case revokedCertificate
    /// The certificate chain does not lead to the App Store's root (here: the store's).
    case invalidCertificateChain
    /// The device verification value does not match this device.
    case invalidDeviceVerification
    /// The value is not encoded as the App Store encodes what it signs.
    case invalidEncoding
    /// The signature does not verify.
    case invalidSignature
    /// A property the value must have is missing.
    case missingRequiredProperties

    /// The error, in English.
    public var errorDescription: String? {
      switch self {
      case .revokedCertificate: return "A certificate in the signed value's chain was revoked."
      case .invalidCertificateChain: return "The signed value's certificate chain is not valid."
      case .invalidDeviceVerification: return "The signed value was not made for this device."
      case .invalidEncoding: return "The signed value is not encoded as the App Store encodes it."
      case .invalidSignature: return "The signed value's signature does not verify."
      case .missingRequiredProperties: return "The signed value lacks a required property."
      }
    }
  }
}
