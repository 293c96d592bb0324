import IAPCore
import IAPFormats

/// Validates the `offerCodes` array of a product in `catalog.plist`: one dictionary per
/// offer code with `id` (its reference name) and
/// - on an autoRenewable product, the introductory offer's terms (`paymentMode`, `period`,
///   `numberOfPeriods`, `price`, by the same rules) and `eligibility`, an array of `new`,
///   `existing` and `expired` (default: all three);
/// - on the other types, `price` alone: a one-time price.
package enum OfferCodeValidator {
  /// The offer codes, in order; one with errors is left out (its problems are reported).
  static func validate(_ value: PlistValue?, type: ProductType?, index: Int, id: String?, _ problems: inout CatalogProblems) -> [OfferCode] {
    guard let value, let type else { return [] }
    guard case let .array(items) = value else {
      problems.expected("an array of offer code dictionaries", got: value, product: index, id: id, key: "offerCodes")
      return []
    }
    var codes: [OfferCode] = []
    for (position, item) in items.enumerated() {
      let key = "offerCodes[\(position)]"
      guard case let .dictionary(dict) = item else {
        problems.expected("a dictionary with id and price (and a subscription's terms)", got: item, product: index, id: id, key: key)
        continue
      }
      let errors = problems.errors.count
      let codeId = identifier(dict["id"], index: index, id: id, key: key + ".id", &problems)
      if let codeId, codes.contains(where: { $0.id == codeId }) {
        problems.error("duplicate offer code '\(codeId)'", product: index, id: id, key: key + ".id")
        continue
      }
      if type == .autoRenewable {
        let eligibility = readEligibility(dict["eligibility"], index: index, id: id, key: key + ".eligibility", &problems)
        var terms = dict
        terms["id"] = nil
        terms["eligibility"] = nil
        let offer = IntroductoryOfferValidator.validate(.dictionary(terms), index: index, id: id, prefix: key, &problems)
        guard problems.errors.count == errors, let codeId, let offer, let eligibility else { continue }
        codes.append(OfferCode(id: codeId, terms: offer, eligibility: eligibility))
        continue
      }
      for extra in dict.keys.sorted() where extra != "id" && extra != "price" {
        problems.warning("only applies to an autoRenewable product's offer codes (ignored)", product: index, id: id, key: "\(key).\(extra)")
      }
      guard let priceValue = dict["price"] else {
        problems.missing("the one-time price", product: index, id: id, key: key + ".price")
        continue
      }
      let price = ProductValidator.parsePrice(priceValue)
      if price == nil {
        problems.expected(ProductValidator.priceExpectation(priceValue), got: priceValue, product: index, id: id, key: key + ".price")
      }
      guard problems.errors.count == errors, let codeId, let price else { continue }
      codes.append(OfferCode(id: codeId, price: price))
    }
    return codes
  }

  /// An offer's `id`: letters, digits, '.', '_', '-'; nil (reported) otherwise.
  static func identifier(_ value: PlistValue?, index: Int, id: String?, key: String, _ problems: inout CatalogProblems) -> String? {
    guard let value else {
      problems.missing("an offer identifier", product: index, id: id, key: key)
      return nil
    }
    if case let .string(s) = value, ProductValidator.isValidIdentifier(s) { return s }
    problems.expected("an offer identifier (letters, digits, '.', '_', '-')", got: value, product: index, id: id, key: key)
    return nil
  }

  /// `eligibility`: a non-empty array of `new`, `existing`, `expired`; all three when absent.
  private static func readEligibility(
    _ value: PlistValue?, index: Int, id: String?, key: String, _ problems: inout CatalogProblems
  ) -> Set<OfferCode.Eligibility>? {
    guard let value else { return Set(OfferCode.Eligibility.allCases) }
    let expectation = "a non-empty array of new, existing, expired"
    guard case let .array(items) = value, !items.isEmpty else {
      problems.expected(expectation, got: value, product: index, id: id, key: key)
      return nil
    }
    var result: Set<OfferCode.Eligibility> = []
    for item in items {
      guard case let .string(s) = item, let kind = OfferCode.Eligibility(rawValue: s) else {
        problems.expected(expectation, got: value, product: index, id: id, key: key)
        return nil
      }
      result.insert(kind)
    }
    return result
  }
}
