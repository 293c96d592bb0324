/// What the App Store checks a Get Retention Message answer against besides the Retention
/// Messaging configuration: the catalog (an alternate product must be a subscription of the
/// cancelled one's group) and the promotional-offer checks a StoreKit purchase makes.
package struct RetentionAnswerContext: Sendable {
  package var catalog: Catalog
  /// Checks a promotional offer's signature as a purchase with that offer would.
  package var verifier: PromotionalOfferVerifier
  /// The customer's transactions, which a version 2 signature's `transactionId` may name.
  package var ownedTransactionIds: Set<String>

  package init(catalog: Catalog, verifier: PromotionalOfferVerifier, ownedTransactionIds: Set<String>) {
    self.catalog = catalog
    self.verifier = verifier
    self.ownedTransactionIds = ownedTransactionIds
  }
}
