import IAPCrypto
import IAPFormats

/// What an app hands StoreKit to buy a subscription with a promotional offer, either way
/// StoreKit takes it:
/// - StoreKit 1's `SKPaymentDiscount` (and StoreKit 2's `.promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`):
///   the offer id, the key id, a nonce, a timestamp and a signature the app's server made;
/// - StoreKit 2's `.promotionalOffer(_ jws:)`: the compact JWS that Apple's
///   `PromotionalOfferV2SignatureCreator` makes.
///
/// Fields are kept as the app gave them: the store, not the front end, decides what is
/// missing or malformed, and answers with the `SKError` StoreKit would.
package struct PromotionalOfferRequest: Equatable, Sendable {
  /// `SKPaymentDiscount.identifier`: the offer's id in the catalog.
  package var offerId: String?
  /// `SKPaymentDiscount.keyIdentifier`: the id of the key that signed.
  package var keyId: String?
  /// `SKPaymentDiscount.nonce`: a UUID, single-use.
  package var nonce: String?
  /// `SKPaymentDiscount.timestamp`: milliseconds since 1970, as text.
  package var timestamp: String?
  /// `SKPaymentDiscount.signature`: a DER ECDSA signature, base64.
  package var signature: String?
  /// The version 2 signature: a compact JWS (ES256).
  package var jws: String?

  package init(
    offerId: String? = nil, keyId: String? = nil, nonce: String? = nil, timestamp: String? = nil, signature: String? = nil,
    jws: String? = nil
  ) {
    self.offerId = offerId
    self.keyId = keyId
    self.nonce = nonce
    self.timestamp = timestamp
    self.signature = signature
    self.jws = jws
  }

  /// Whether this is a version 2 (JWS) request.
  package var isVersion2: Bool { jws != nil }

  /// Whether it mixes the two ways: a JWS carries the whole offer, so any version 1 field
  /// beside it is the caller's mistake (a usage error in every front end), not the store's.
  package var mixesVersions: Bool { jws != nil && (offerId != nil || keyId != nil || nonce != nil || timestamp != nil || signature != nil) }

  /// Nil when no field is set (no offer at all), else this request.
  package var ifAny: PromotionalOfferRequest? { self == PromotionalOfferRequest() ? nil : self }
}

/// What the store checks a promotional offer signature against: the keys registered in the
/// state (App Store Connect's "In-App Purchase" keys) and the real time, since an app's
/// server stamps real time even when the store's clock is simulated.
package struct OfferVerificationContext: Sendable {
  /// Public keys by key id.
  package var keys: [String: P256.PublicKey]
  /// The machine's time.
  package var realNow: Timestamp
  /// Ids a version 2 JWS's `transactionId` may give besides the customer's subscriptions:
  /// any other transaction of the customer, and its appTransactionId
  /// (`PromotionalOfferV2SignatureCreator` documents both).
  package var customerTransactionIds: Set<String>

  package init(keys: [String: P256.PublicKey], realNow: Timestamp, customerTransactionIds: Set<String> = []) {
    self.keys = keys
    self.realNow = realNow
    self.customerTransactionIds = customerTransactionIds
  }
}
