import IAPCore
import IAPFormats

/// Validates the `promotionalOffers` array of an autoRenewable product in `catalog.plist`:
/// one dictionary per offer with `id` and the introductory offer's terms (`paymentMode`,
/// `period`, `numberOfPeriods`, `price`), validated by the same rules.
package enum PromotionalOfferValidator {
  /// The offers, in order; an offer with errors is left out (its problems are reported).
  static func validate(_ value: PlistValue?, index: Int, id: String?, _ problems: inout CatalogProblems) -> [PromotionalOffer] {
    guard let value else { return [] }
    guard case let .array(items) = value else {
      problems.expected("an array of offer dictionaries", got: value, product: index, id: id, key: "promotionalOffers")
      return []
    }
    var offers: [PromotionalOffer] = []
    for (position, item) in items.enumerated() {
      let key = "promotionalOffers[\(position)]"
      guard case let .dictionary(dict) = item else {
        problems.expected("a dictionary with id, paymentMode, period, numberOfPeriods and price", got: item, product: index, id: id, key: key)
        continue
      }
      var offerId: String?
      if let idValue = dict["id"] {
        if case let .string(s) = idValue, ProductValidator.isValidIdentifier(s) { offerId = s } else {
          problems.expected("an offer identifier (letters, digits, '.', '_', '-')", got: idValue, product: index, id: id, key: key + ".id")
        }
      } else {
        problems.missing("an offer identifier", product: index, id: id, key: key + ".id")
      }
      if let offerId, offers.contains(where: { $0.id == offerId }) {
        problems.error("duplicate offer id '\(offerId)'", product: index, id: id, key: key + ".id")
        continue
      }
      var terms = dict
      terms["id"] = nil
      let offer = IntroductoryOfferValidator.validate(.dictionary(terms), index: index, id: id, prefix: key, &problems)
      if let offerId, let offer { offers.append(PromotionalOffer(id: offerId, terms: offer)) }
    }
    return offers
  }
}
