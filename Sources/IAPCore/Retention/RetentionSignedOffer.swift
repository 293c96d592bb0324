/// The promotional offer a real-time answer gave (`promotionalOffer`), kept as StoreKit takes
/// it, so that the customer who accepts it redeems it as an app's promotional offer is
/// redeemed: the same signature checks, the same nonce spent.
package struct RetentionSignedOffer: Equatable, Sendable {
  /// The subscription the offer is for: the one cancelled, or another of its group.
  package var productId: String
  /// The offer's identifier in the catalog (`offerIdentifier`).
  package var offerId: String
  /// `promotionalOfferSignatureV1`'s fields, or `promotionalOfferSignatureV2`'s JWS.
  package var request: PromotionalOfferRequest
  /// `promotionalOfferSignatureV1.appAccountToken`: the application username the version 1
  /// signature signs, and the token the transaction carries.
  package var appAccountToken: String?

  package init(productId: String, offerId: String, request: PromotionalOfferRequest, appAccountToken: String? = nil) {
    self.productId = productId
    self.offerId = offerId
    self.request = request
    self.appAccountToken = appAccountToken
  }
}
