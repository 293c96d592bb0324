import Foundation

extension VerificationResult where SignedType == Transaction {
  /// The compact JWS the App Store signed: what the app sends its server.
  public var jwsRepresentation: String { unsafePayloadValue.signed.jws }
  /// The JWS header, decoded.
  public var headerData: Data { unsafePayloadValue.signed.headerData }
  /// The JWS payload, decoded: the transaction's `jsonRepresentation`.
  public var payloadData: Data { unsafePayloadValue.signed.payloadData }
  /// The JWS signature, decoded.
  public var signatureData: Data { unsafePayloadValue.signed.signatureData }
  /// What the signature covers: the encoded header and payload.
  public var signedData: Data { unsafePayloadValue.signed.signedData }
  /// When the App Store signed it.
  public var signedDate: Date { unsafePayloadValue.signedDate }
  /// The transaction's device verification value (empty here: see `Transaction`).
  public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
  /// The transaction's device verification nonce (all-zero here: see `Transaction`).
  public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}

extension VerificationResult where SignedType == Product.SubscriptionInfo.RenewalInfo {
  /// The compact JWS the App Store signed.
  public var jwsRepresentation: String { unsafePayloadValue.signed.jws }
  /// The JWS header, decoded.
  public var headerData: Data { unsafePayloadValue.signed.headerData }
  /// The JWS payload, decoded: the renewal info's `jsonRepresentation`.
  public var payloadData: Data { unsafePayloadValue.signed.payloadData }
  /// The JWS signature, decoded.
  public var signatureData: Data { unsafePayloadValue.signed.signatureData }
  /// What the signature covers: the encoded header and payload.
  public var signedData: Data { unsafePayloadValue.signed.signedData }
  /// When the App Store signed it.
  public var signedDate: Date { unsafePayloadValue.signedDate }
  /// The device verification value (empty here: see `RenewalInfo`).
  public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
  /// The device verification nonce (all-zero here: see `RenewalInfo`).
  public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}

extension VerificationResult where SignedType == AppTransaction {
  /// The compact JWS the App Store signed.
  public var jwsRepresentation: String { unsafePayloadValue.signed.jws }
  /// The JWS header, decoded.
  public var headerData: Data { unsafePayloadValue.signed.headerData }
  /// The JWS payload, decoded: the app transaction's `jsonRepresentation`.
  public var payloadData: Data { unsafePayloadValue.signed.payloadData }
  /// The JWS signature, decoded.
  public var signatureData: Data { unsafePayloadValue.signed.signatureData }
  /// What the signature covers: the encoded header and payload.
  public var signedData: Data { unsafePayloadValue.signed.signedData }
  /// When the App Store signed it.
  public var signedDate: Date { unsafePayloadValue.signedDate }
  /// SHA-384 of the nonce and this device's `AppStore.deviceVerificationID`.
  public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
  /// The nonce of `deviceVerification`.
  public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}
