import IAPCore
import IAPFormats

/// Validates the `winBackOffers` array of an autoRenewable product in `catalog.plist`: one
/// dictionary per offer with `id`, the introductory offer's terms (`paymentMode`, `period`,
/// `numberOfPeriods`, `price`, validated by the same rules) and Apple's eligibility:
/// `eligibilityPaidMonths` (default 0), `eligibilityMonthsSinceLastSubscribed` (an integer,
/// the minimum, or a dictionary with `minimum` and `maximum`; default 0, no maximum) and
/// `waitBetweenOffersMonths` (default none).
package enum WinBackOfferValidator {
  static let eligibilityKeys = ["eligibilityPaidMonths", "eligibilityMonthsSinceLastSubscribed", "waitBetweenOffersMonths"]

  /// The offers, in order; an offer with errors is left out (its problems are reported).
  static func validate(_ value: PlistValue?, index: Int, id: String?, _ problems: inout CatalogProblems) -> [WinBackOffer] {
    guard let value else { return [] }
    guard case let .array(items) = value else {
      problems.expected("an array of offer dictionaries", got: value, product: index, id: id, key: "winBackOffers")
      return []
    }
    var offers: [WinBackOffer] = []
    for (position, item) in items.enumerated() {
      let key = "winBackOffers[\(position)]"
      guard case let .dictionary(dict) = item else {
        problems.expected("a dictionary with id, paymentMode, period, numberOfPeriods, price and eligibility", got: item, product: index, id: id, key: key)
        continue
      }
      let errors = problems.errors.count
      let offerId = OfferCodeValidator.identifier(dict["id"], index: index, id: id, key: key + ".id", &problems)
      if let offerId, offers.contains(where: { $0.id == offerId }) {
        problems.error("duplicate win-back offer id '\(offerId)'", product: index, id: id, key: key + ".id")
        continue
      }
      func months(_ value: PlistValue?, _ name: String) -> Int? {
        guard let value else { return nil }
        if case let .integer(n) = value, (0...WinBackOffer.maximumMonths).contains(n) { return n }
        problems.expected("a number of months, 0-\(WinBackOffer.maximumMonths)", got: value, product: index, id: id, key: "\(key).\(name)")
        return nil
      }
      let paid = months(dict["eligibilityPaidMonths"], "eligibilityPaidMonths") ?? 0
      var minimum = 0
      var maximum: Int?
      switch dict["eligibilityMonthsSinceLastSubscribed"] {
      case let .dictionary(range)?:
        let name = "eligibilityMonthsSinceLastSubscribed"
        for extra in range.keys.sorted() where extra != "minimum" && extra != "maximum" {
          problems.warning("unknown key (ignored)", product: index, id: id, key: "\(key).\(name).\(extra)")
        }
        minimum = months(range["minimum"], name + ".minimum") ?? 0
        maximum = months(range["maximum"], name + ".maximum")
        if let top = maximum, top <= minimum {
          problems.error("the maximum (\(top)) must be above the minimum (\(minimum))", product: index, id: id, key: "\(key).\(name)")
        }
      case let other:
        minimum = months(other, "eligibilityMonthsSinceLastSubscribed") ?? 0
      }
      let wait = months(dict["waitBetweenOffersMonths"], "waitBetweenOffersMonths")
      var terms = dict
      for name in ["id"] + eligibilityKeys { terms[name] = nil }
      let offer = IntroductoryOfferValidator.validate(.dictionary(terms), index: index, id: id, prefix: key, &problems)
      guard problems.errors.count == errors, let offerId, let offer else { continue }
      offers.append(
        WinBackOffer(
          id: offerId, terms: offer, paidMonths: paid, minimumMonthsSinceLastSubscribed: minimum,
          maximumMonthsSinceLastSubscribed: maximum, waitBetweenOffersMonths: wait))
    }
    return offers
  }
}
