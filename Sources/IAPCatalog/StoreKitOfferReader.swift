#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats

/// Reads a `.storekit` subscription's introductory offer, and checks the billing plans that
/// `iap` does not model.
///
/// Files before version 5 hold one offer in `introductoryOffer` (an object or null); version 5
/// adds `introductoryOffers[]`, one per billing plan, and keeps `introductoryOffer` as the
/// first of them. A product has at most one introductory offer in `iap`, so the first is
/// taken and any other is reported.
package enum StoreKitOfferReader {
  static let offerKeys: Set<String> = [
    "internalID", "numberOfPeriods", "paymentMode", "subscriptionPeriod", "displayPrice", "billingPlanType",
  ]
  /// The plan a product's own price is billed under; anything else is not modelled.
  static let upfront = "BILLED_UPFRONT"

  /// The product's introductory offer, or nil when it has none (or it has errors).
  static func introductoryOffer(_ product: StoreKitFields, _ problems: inout CatalogProblems) -> IntroductoryOffer? {
    var chosen: IntroductoryOffer?
    if let value = product["introductoryOffer"],
      let fields = product.nested(value, key: "introductoryOffer", expecting: "an offer object or null", &problems)
    {
      chosen = read(fields, &problems)
    }
    let fromVersion4 = chosen != nil
    for (index, value) in (product.array("introductoryOffers", &problems) ?? []).enumerated() {
      let key = "introductoryOffers[\(index)]"
      guard let fields = product.nested(value, key: key, expecting: "an offer object", &problems) else { continue }
      if index == 0 && !fromVersion4 {
        chosen = read(fields, &problems)
        continue
      }
      if index == 0 {
        // Version 5 repeats `introductoryOffer` here: the same offer needs no second report.
        var scratch = problems
        if read(fields, &scratch) == chosen { continue }
      }
      let plan = fields["billingPlanType"]?.stringValue.map { " (\($0) billing plan)" } ?? ""
      product.warning("another introductory offer\(plan) is not mapped (ignored)", key: key, &problems)
    }
    return chosen
  }

  /// One offer object: `paymentMode`, `subscriptionPeriod`, `numberOfPeriods`, `displayPrice`.
  ///
  /// - Parameter known: the keys that are not reported as unknown (a promotional offer adds
  ///   its `offerID` and `referenceName`).
  static func read(_ fields: StoreKitFields, known: Set<String> = offerKeys, _ problems: inout CatalogProblems) -> IntroductoryOffer? {
    fields.warnUnknown(known, &problems)
    let modes = IntroductoryOffer.PaymentMode.allCases.map(\.rawValue).joined(separator: ", ")
    var mode: IntroductoryOffer.PaymentMode?
    if let value = fields["paymentMode"] {
      if case let .string(s) = value, let m = IntroductoryOffer.PaymentMode(rawValue: s) { mode = m } else {
        fields.expected("one of \(modes)", got: value, key: "paymentMode", &problems)
      }
    } else {
      fields.missing("one of \(modes)", key: "paymentMode", &problems)
    }
    var period: OfferPeriod?
    if let value = fields["subscriptionPeriod"] {
      if case let .string(s) = value, let p = OfferPeriod(iso8601: s) { period = p } else {
        fields.expected("an ISO 8601 duration like P3D, P1W, P1M or P1Y", got: value, key: "subscriptionPeriod", &problems)
      }
    } else {
      fields.missing("an ISO 8601 duration like P3D, P1W, P1M or P1Y", key: "subscriptionPeriod", &problems)
    }
    var count = fields.integer("numberOfPeriods", minimum: 1, &problems)
    if !fields.has("numberOfPeriods") {
      fields.warning("missing; assuming 1", key: "numberOfPeriods", &problems)
      count = 1
    }
    let price = fields.price("displayPrice", required: false, &problems)
    if price == nil, !fields.has("displayPrice"), let mode, mode != .free {
      fields.warning("missing for a \(mode.rawValue) offer; the offer has no price", key: "displayPrice", &problems)
    }
    _ = fields.string("internalID", nonEmpty: false, &problems)
    if let plan = fields.string("billingPlanType", &problems), plan != upfront {
      fields.warning("\(plan) billing is not mapped; read as billed up front", key: "billingPlanType", &problems)
    }
    guard let mode, let period, let count else { return nil }
    return IntroductoryOffer(paymentMode: mode, period: period, numberOfPeriods: count, price: price)
  }

  /// Warns about every billing plan other than the product's own price billed up front.
  static func checkBillingPlans(_ product: StoreKitFields, price: JSONValue?, _ problems: inout CatalogProblems) {
    for (index, value) in (product.array("billingPlans", &problems) ?? []).enumerated() {
      let key = "billingPlans[\(index)]"
      guard let plan = product.nested(value, key: key, expecting: "a billing plan object", &problems) else { continue }
      let type = plan["billingPlanType"]?.stringValue ?? "?"
      let samePrice = plan["displayPrice"] == price || plan["displayPrice"].flatMap(\.plistLeaf).flatMap(ProductValidator.parsePrice)
        == price.flatMap(\.plistLeaf).flatMap(ProductValidator.parsePrice)
      if type == upfront && samePrice { continue }
      product.warning("\(type) billing plan not mapped (ignored)", key: key, &problems)
    }
  }
}
