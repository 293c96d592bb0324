/// A signed value and whether it checked out, as StoreKit 2's `VerificationResult`.
public enum VerificationResult<SignedType: Sendable>: Sendable {
  /// The signature verified under the store's keys.
  case verified(SignedType)
  /// It did not: the value as decoded, and why.
  case unverified(SignedType, VerificationError)

  /// The value, verified or not.
  public var unsafePayloadValue: SignedType {
    switch self {
    case let .verified(value), let .unverified(value, _): return value
    }
  }

  /// The value if it verified; else throws the reason.
  public var payloadValue: SignedType {
    get throws(VerificationError) {
      switch self {
      case let .verified(value): return value
      case let .unverified(_, error): throw error
      }
    }
  }
}
