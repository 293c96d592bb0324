/// An offer a payment redeems that needs no signature: a win-back offer
/// (`Product.PurchaseOption.winBackOffer(_:)`) or an offer code (what the code redemption
/// sheet, or `SKTestSession.buyProduct(identifier:options:)` with `codeOffer(referenceName:)`,
/// applies).
package enum OfferRedemption: Equatable, Sendable {
  /// A win-back offer of the product, by its id.
  case winBack(String)
  /// An offer code of the product, by its reference name.
  case offerCode(String)
}
