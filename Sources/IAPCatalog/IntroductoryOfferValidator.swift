#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats

/// Validates the `introductoryOffer` dictionary of an autoRenewable product in
/// `catalog.plist`: `paymentMode`, `period`, `numberOfPeriods` (default 1) and `price`.
package enum IntroductoryOfferValidator {
  static let keys = ["paymentMode", "period", "numberOfPeriods", "price"]

  /// The offer, or nil when there is none or it has errors (all added to `problems`).
  ///
  /// - Parameter prefix: the key problems name it by (a promotional offer's terms are
  ///   validated here too, as `promotionalOffers[n]`).
  static func validate(
    _ value: PlistValue?, index: Int, id: String?, prefix: String = "introductoryOffer", _ problems: inout CatalogProblems
  ) -> IntroductoryOffer? {
    guard let value else { return nil }
    guard case let .dictionary(dict) = value else {
      problems.expected("a dictionary with paymentMode, period, numberOfPeriods and price", got: value, product: index, id: id, key: prefix)
      return nil
    }
    func key(_ name: String) -> String { "\(prefix).\(name)" }
    for name in dict.keys.sorted() where !keys.contains(name) {
      problems.warning("unknown key (ignored)", product: index, id: id, key: key(name))
    }
    let modes = "one of " + IntroductoryOffer.PaymentMode.allCases.map(\.rawValue).joined(separator: ", ")
    var mode: IntroductoryOffer.PaymentMode?
    if let value = dict["paymentMode"] {
      if case let .string(s) = value, let m = IntroductoryOffer.PaymentMode(rawValue: s) { mode = m } else {
        problems.expected(modes, got: value, product: index, id: id, key: key("paymentMode"))
      }
    } else {
      problems.missing(modes, product: index, id: id, key: key("paymentMode"))
    }
    let durations = "an ISO 8601 duration like P3D, P1W, P1M or P1Y"
    var period: OfferPeriod?
    if let value = dict["period"] {
      if case let .string(s) = value, let p = OfferPeriod(iso8601: s) { period = p } else {
        problems.expected(durations, got: value, product: index, id: id, key: key("period"))
      }
    } else {
      problems.missing(durations, product: index, id: id, key: key("period"))
    }
    var count: Int? = 1
    if let value = dict["numberOfPeriods"] {
      if case let .integer(n) = value, n >= 1 { count = n } else {
        problems.expected("an integer ≥ 1", got: value, product: index, id: id, key: key("numberOfPeriods"))
        count = nil
      }
    }
    var price: Decimal?
    if let value = dict["price"] {
      price = ProductValidator.parsePrice(value)
      if price == nil { problems.expected(ProductValidator.priceExpectation(value), got: value, product: index, id: id, key: key("price")) }
    } else if let mode, mode != .free {
      problems.warning("missing for a \(mode.rawValue) offer; the offer has no price", product: index, id: id, key: key("price"))
    }
    guard let mode, let period, let count, price != nil || dict["price"] == nil else { return nil }
    return IntroductoryOffer(paymentMode: mode, period: period, numberOfPeriods: count, price: price)
  }
}
