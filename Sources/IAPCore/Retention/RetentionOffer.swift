/// What the App Store showed a customer who began to cancel a subscription: the message its
/// Get Retention Message endpoint chose (with an alternate product or a promotional offer),
/// else the product's default message for the customer's locale.
package struct RetentionOffer: Equatable, Sendable {
  /// Where the message came from, in Apple's fallback order.
  package enum Source: String, Sendable {
    /// The endpoint's answer, within the time limit.
    case realtime
    /// The default message configured for the product and locale.
    case defaultMessage
  }

  package var originalTransactionId: String
  package var productId: String
  package var source: Source
  package var messageIdentifier: String
  /// The product the endpoint offered instead (`alternateProduct`).
  package var alternateProductId: String?
  /// The promotional offer the endpoint offered (`promotionalOffer`).
  package var signedOffer: RetentionSignedOffer?
  /// Whether the customer took the alternate product or the promotional offer: each is
  /// accepted once.
  package var accepted: Bool

  package init(
    originalTransactionId: String, productId: String, source: Source, messageIdentifier: String, alternateProductId: String? = nil,
    signedOffer: RetentionSignedOffer? = nil, accepted: Bool = false
  ) {
    self.originalTransactionId = originalTransactionId
    self.productId = productId
    self.source = source
    self.messageIdentifier = messageIdentifier
    self.alternateProductId = alternateProductId
    self.signedOffer = signedOffer
    self.accepted = accepted
  }

  /// The promotional offer's identifier, when the message carries one.
  package var promotionalOfferId: String? { signedOffer?.offerId }

  /// Whether the message offers the customer something to accept.
  package var offersChoice: Bool { alternateProductId != nil || signedOffer != nil }
}
