/// A price increase of an auto-renewable subscription, as one subscriber meets it: the new
/// price, and whether the customer consented (`priceIncreaseStatus` in renewal info).
package struct PriceIncrease: Equatable, Sendable {
  /// Where the customer stands on it.
  package enum Status: String, CaseIterable, Sendable {
    /// The increase needs the customer's consent and has not had it yet
    /// (`priceIncreaseStatus` 0; PRICE_INCREASE with subtype PENDING).
    case pending
    /// The customer consented, or no consent was needed (`priceIncreaseStatus` 1;
    /// PRICE_INCREASE with subtype ACCEPTED): the next renewal charges the new price.
    case accepted
    /// The customer declined: auto-renew is off, and the subscription expires at the end of
    /// its period with `expirationIntent` 3.
    case declined
  }

  /// The product whose price rises (the subscription's product when it was announced).
  package var productId: String
  /// The new price, a decimal string in the subscription's currency.
  package var price: String
  package var status: Status

  package init(productId: String, price: String, status: Status) {
    self.productId = productId
    self.price = price
    self.status = status
  }

  /// `priceIncreaseStatus` as renewal info carries it: 0 before consent, 1 after; nil when
  /// the customer declined (nothing is left to consent to).
  package var renewalInfoStatus: Int? {
    switch status {
    case .pending: return 0
    case .accepted: return 1
    case .declined: return nil
    }
  }
}
