import Foundation

/// A promotional offer of a subscription, signed by the app's server, for a payment to
/// redeem (`SKMutablePayment.paymentDiscount`). The store checks the signature against the
/// keys it knows (`POST /iap/v1/keys`), as the App Store checks it against the App Store
/// Connect key named by `keyIdentifier`.
public final class SKPaymentDiscount: NSObject, Sendable {
  /// The offer's identifier in the product's promotional offers.
  public let identifier: String
  /// The key that signed the offer.
  public let keyIdentifier: String
  /// The nonce the signature covers.
  public let nonce: UUID
  /// The signature: ECDSA P-256 with SHA-256, DER, base64.
  public let signature: String
  /// When the offer was signed, in milliseconds since 1970.
  public let timestamp: NSNumber

  /// An offer signed by the app's server with the key `keyIdentifier` names.
  public init(identifier: String, keyIdentifier: String, nonce: UUID, signature: String, timestamp: NSNumber) {
    self.identifier = identifier
    self.keyIdentifier = keyIdentifier
    self.nonce = nonce
    self.signature = signature
    self.timestamp = timestamp
    super.init()
  }
}
