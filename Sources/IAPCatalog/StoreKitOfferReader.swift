#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats

/// Reads a `.storekit` subscription's introductory offer and its billing plans.
///
/// Files before version 5 hold one offer in `introductoryOffer` (an object or null); version 5
/// adds `introductoryOffers[]`, one per billing plan, and keeps `introductoryOffer` as the
/// first of them. A product has at most one introductory offer in `iap`, so the first is
/// taken and any other is reported.
package enum StoreKitOfferReader {
  static let offerKeys: Set<String> = [
    "internalID", "numberOfPeriods", "paymentMode", "subscriptionPeriod", "displayPrice", "billingPlanType",
  ]
  /// The plan a product's own price is billed under.
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

  /// The product's monthly plan with a 12-month commitment (`billingPlanType` `MONTHLY`,
  /// `displayPrice` each month's, `commitmentDisplayPrice` the twelve months'), when it has
  /// one enabled; any other plan than the product's own price billed up front is reported.
  static func billingPlans(
    _ product: StoreKitFields, price: JSONValue?, period: SubscriptionPeriod?, _ problems: inout CatalogProblems
  ) -> [BillingPlan] {
    var plans: [BillingPlan] = []
    for (index, value) in (product.array("billingPlans", &problems) ?? []).enumerated() {
      let key = "billingPlans[\(index)]"
      guard let plan = product.nested(value, key: key, expecting: "a billing plan object", &problems) else { continue }
      let type = plan["billingPlanType"]?.stringValue ?? "?"
      let samePrice = plan["displayPrice"] == price || plan["displayPrice"].flatMap(\.plistLeaf).flatMap(ProductValidator.parsePrice)
        == price.flatMap(\.plistLeaf).flatMap(ProductValidator.parsePrice)
      if type == upfront && samePrice { continue }
      if type == upfront {
        product.warning("differs from the product's displayPrice, which is the price billed up front (ignored)", key: key + ".displayPrice", &problems)
        continue
      }
      guard type == BillingPlanType.monthly.rawValue else {
        product.warning("\(type) billing plan not mapped (ignored)", key: key, &problems)
        continue
      }
      if plan.bool("isEnabled", &problems) == false { continue }
      guard period == .oneYear else {
        product.error("a MONTHLY billing plan needs a P1Y subscription", key: key, &problems)
        continue
      }
      guard plans.isEmpty else {
        product.warning("another MONTHLY billing plan is not mapped (ignored)", key: key, &problems)
        continue
      }
      guard let monthly = plan.price("displayPrice", required: true, &problems) else { continue }
      let commitment = plan.price("commitmentDisplayPrice", required: false, &problems)
      guard monthly > 0, (commitment ?? monthly) >= monthly else {
        product.error("a MONTHLY billing plan needs a monthly price above 0 and a commitment price of at least one month's", key: key, &problems)
        continue
      }
      plans.append(BillingPlan(type: .monthly, price: monthly, commitmentPrice: commitment))
    }
    return plans
  }
}
