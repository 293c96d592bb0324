import IAPCore
import IAPFormats

/// Reads a `.storekit` subscription's promotional offers.
///
/// Xcode writes them as `adHocOffers` (its name for promotional offers), one object per
/// offer with `offerID`, `referenceName`, and the terms an introductory offer has
/// (`paymentMode`, `subscriptionPeriod`, `numberOfPeriods`, `displayPrice`). A
/// `subscriptionOffers` array in the same shape is read too.
package enum StoreKitPromotionalOfferReader {
  static let keys = StoreKitOfferReader.offerKeys.union(["offerID", "referenceName"])

  /// The offers of both arrays, in order; one with errors is left out (and reported).
  static func promotionalOffers(_ product: StoreKitFields, _ problems: inout CatalogProblems) -> [PromotionalOffer] {
    var offers: [PromotionalOffer] = []
    for arrayKey in ["adHocOffers", "subscriptionOffers"] {
      for (index, value) in (product.array(arrayKey, &problems) ?? []).enumerated() {
        let key = "\(arrayKey)[\(index)]"
        guard let fields = product.nested(value, key: key, expecting: "an offer object", &problems) else { continue }
        let id = fields.string("offerID", required: true, &problems)
        _ = fields.string("referenceName", nonEmpty: false, &problems)
        let terms = StoreKitOfferReader.read(fields, known: keys, &problems)
        guard let id, let terms else { continue }
        guard ProductValidator.isValidIdentifier(id) else {
          fields.expected("an offer identifier (letters, digits, '.', '_', '-')", got: .string(id), key: "offerID", &problems)
          continue
        }
        if offers.contains(where: { $0.id == id }) {
          fields.error("duplicate offer id '\(id)'", key: "offerID", &problems)
          continue
        }
        offers.append(PromotionalOffer(id: id, terms: terms))
      }
    }
    return offers
  }
}
