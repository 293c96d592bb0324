import IAPCore
import IAPFormats

/// Reads a `.storekit` product's offers that need no signature: a subscription's
/// `winbackOffers` and `codeOffers`, and a one-time product's `codeOffers`.
///
/// Each is an offer object as Xcode writes promotional offers (`offerID`, `referenceName`,
/// `paymentMode`, `subscriptionPeriod`, `numberOfPeriods`, `displayPrice`). An offer code
/// adds `eligibility` (`new`, `existing`, `expired`) and `isStackable` (read, not modelled:
/// `iap` applies one offer per purchase); its id is the reference name, as App Store Connect
/// names a code campaign. A win-back offer's eligibility is read under the names the plist
/// catalog uses (`eligibilityPaidMonths`, `eligibilityMonthsSinceLastSubscribed`,
/// `waitBetweenOffersMonths`): no sample file shows the names Xcode gives them, and any
/// other key is reported as unknown rather than dropped in silence.
package enum StoreKitRedemptionOfferReader {
  static let winBackKeys = StoreKitOfferReader.offerKeys.union(
    ["offerID", "referenceName", "eligibilityPaidMonths", "eligibilityMonthsSinceLastSubscribed", "waitBetweenOffersMonths"])
  static let codeKeys = StoreKitOfferReader.offerKeys.union(["offerID", "referenceName", "eligibility", "isStackable"])

  /// A subscription's win-back offers, in order; one with errors is left out (and reported).
  static func winBackOffers(_ product: StoreKitFields, _ problems: inout CatalogProblems) -> [WinBackOffer] {
    var offers: [WinBackOffer] = []
    for (index, value) in (product.array("winbackOffers", &problems) ?? []).enumerated() {
      let key = "winbackOffers[\(index)]"
      guard let fields = product.nested(value, key: key, expecting: "an offer object", &problems) else { continue }
      let errors = problems.errors.count
      let id = fields.string("offerID", required: true, &problems)
      _ = fields.string("referenceName", nonEmpty: false, &problems)
      let terms = StoreKitOfferReader.read(fields, known: winBackKeys, &problems)
      let paid = months(fields, "eligibilityPaidMonths", &problems) ?? 0
      var minimum = 0
      var maximum: Int?
      if case .object? = fields["eligibilityMonthsSinceLastSubscribed"],
        let range = fields.nested(fields["eligibilityMonthsSinceLastSubscribed"]!, key: "eligibilityMonthsSinceLastSubscribed", expecting: "an object", &problems)
      {
        range.warnUnknown(["minimum", "maximum"], &problems)
        minimum = months(range, "minimum", &problems) ?? 0
        maximum = months(range, "maximum", &problems)
      } else {
        minimum = months(fields, "eligibilityMonthsSinceLastSubscribed", &problems) ?? 0
      }
      let wait = months(fields, "waitBetweenOffersMonths", &problems)
      guard problems.errors.count == errors, let id, let terms, valid(id, fields, &problems) else { continue }
      if offers.contains(where: { $0.id == id }) {
        fields.error("duplicate win-back offer id '\(id)'", key: "offerID", &problems)
        continue
      }
      offers.append(
        WinBackOffer(
          id: id, terms: terms, paidMonths: paid, minimumMonthsSinceLastSubscribed: minimum,
          maximumMonthsSinceLastSubscribed: maximum, waitBetweenOffersMonths: wait))
    }
    return offers
  }

  /// A product's offer codes: a subscription's terms and eligibility, or (any other type) a
  /// one-time `displayPrice`.
  static func offerCodes(_ product: StoreKitFields, subscription: Bool, _ problems: inout CatalogProblems) -> [OfferCode] {
    var codes: [OfferCode] = []
    for (index, value) in (product.array("codeOffers", &problems) ?? []).enumerated() {
      let key = "codeOffers[\(index)]"
      guard let fields = product.nested(value, key: key, expecting: "an offer object", &problems) else { continue }
      let errors = problems.errors.count
      let reference = fields.string("referenceName", &problems)
      let id = fields.string("offerID", &problems) ?? reference
      if id == nil { fields.missing("the offer code's reference name", key: "referenceName", &problems) }
      _ = fields.bool("isStackable", &problems)
      var code: OfferCode?
      if subscription {
        let eligibility = readEligibility(fields, &problems)
        if let terms = StoreKitOfferReader.read(fields, known: codeKeys, &problems), let id, let eligibility {
          code = OfferCode(id: id, terms: terms, eligibility: eligibility)
        }
      } else {
        fields.warnUnknown(["offerID", "referenceName", "displayPrice", "internalID", "isStackable"], &problems)
        _ = fields.string("internalID", nonEmpty: false, &problems)
        if let price = fields.price("displayPrice", required: true, &problems), let id { code = OfferCode(id: id, price: price) }
      }
      guard problems.errors.count == errors, let code, valid(code.id, fields, &problems) else { continue }
      if codes.contains(where: { $0.id == code.id }) {
        fields.error("duplicate offer code '\(code.id)'", key: "referenceName", &problems)
        continue
      }
      codes.append(code)
    }
    return codes
  }

  /// `eligibility`: an array of `new`, `existing`, `expired`; all three when absent.
  private static func readEligibility(_ fields: StoreKitFields, _ problems: inout CatalogProblems) -> Set<OfferCode.Eligibility>? {
    guard let items = fields.array("eligibility", &problems) else { return fields.has("eligibility") ? nil : Set(OfferCode.Eligibility.allCases) }
    let kinds = items.compactMap { $0.stringValue.flatMap(OfferCode.Eligibility.init(rawValue:)) }
    guard !items.isEmpty, kinds.count == items.count else {
      fields.expected("a non-empty array of new, existing, expired", got: .array(items), key: "eligibility", &problems)
      return nil
    }
    return Set(kinds)
  }

  private static func months(_ fields: StoreKitFields, _ key: String, _ problems: inout CatalogProblems) -> Int? {
    guard let n = fields.integer(key, minimum: 0, &problems) else { return nil }
    guard n <= WinBackOffer.maximumMonths else {
      fields.expected("a number of months, 0-\(WinBackOffer.maximumMonths)", got: .int(Int64(n)), key: key, &problems)
      return nil
    }
    return n
  }

  private static func valid(_ id: String, _ fields: StoreKitFields, _ problems: inout CatalogProblems) -> Bool {
    guard ProductValidator.isValidIdentifier(id) else {
      fields.expected("an offer identifier (letters, digits, '.', '_', '-')", got: .string(id), key: "offerID", &problems)
      return false
    }
    return true
  }
}
