#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats

/// How a subscription's status is written in the state files.
package enum SubscriptionRecord {
  static func encode(_ s: Subscription) -> JSONValue {
    func date(_ t: Timestamp?) -> JSONValue { t.map { .int($0.milliseconds) } ?? .null }
    var members: [(String, JSONValue)] = [
      ("account", .string(s.account)),
      ("group", .string(s.group)),
      ("originalId", .string(String(s.originalId))),
      ("originalPurchaseDate", .int(s.originalPurchaseDate.milliseconds)),
      ("period", .string(s.period.rawValue)),
      ("level", .int(Int64(s.level))),
      ("renewalProductId", .optional(s.renewalProductId)),
      ("renewalPeriod", .optional(s.renewalPeriod?.rawValue)),
      ("renewalLevel", s.renewalLevel.map { .int(Int64($0)) } ?? .null),
      ("renewalPrice", .optional(s.renewalPrice)),
      ("introRenewalsLeft", .int(Int64(s.introRenewalsLeft))),
      ("regularPrice", .optional(s.regularPrice)),
      ("introPrice", .optional(s.introPrice)),
      ("introPeriod", .optional(s.introPeriod)),
      ("autoRenew", .bool(s.autoRenew)),
      ("status", .string(s.status.rawValue)),
      ("renewals", .int(Int64(s.renewals))),
      ("gracePeriodExpires", date(s.gracePeriodExpires)),
      ("billingRetryEnds", date(s.billingRetryEnds)),
      ("expirationIntent", s.expirationIntent.map { .int(Int64($0.rawValue)) } ?? .null),
      ("restorable", .bool(s.restorable)),
      ("latest", TransactionRecord.encode(s.latest)),
    ]
    // Written only when set: most subscriptions never run a promotional offer.
    if let offer = s.introOfferIdentifier { members.append(("introOfferIdentifier", .string(offer))) }
    if let type = s.introOfferType { members.append(("introOfferType", .int(Int64(type.rawValue)))) }
    // Absent in records written before win-back offers.
    if s.paidDays > 0 { members.append(("paidDays", .int(Int64(s.paidDays)))) }
    if let date = s.lastWinBackRedemption { members.append(("lastWinBackRedemption", .int(date.milliseconds))) }
    if !s.extensions.isEmpty { members.append(("extensions", .array(s.extensions.map(ExtensionRecord.encode)))) }
    // Absent in states written before renewal anchors: such a subscription re-anchors at its
    // next renewal.
    if let anchor = s.anchor {
      members.append(("anchor", .int(anchor.milliseconds)))
      members.append(("anchorPeriods", .int(Int64(s.anchorPeriods))))
    }
    if let increase = s.priceIncrease {
      members.append((
        "priceIncrease",
        .object([
          ("productId", .string(increase.productId)), ("price", .string(increase.price)),
          ("status", .string(increase.status.rawValue)),
        ])
      ))
    }
    if let last = s.lastIncreaseWithoutConsent { members.append(("lastIncreaseWithoutConsent", .int(last.milliseconds))) }
    if let offer = s.scheduledOffer {
      var terms: [(String, JSONValue)] = [
        ("productId", .string(offer.productId)), ("id", .string(offer.id)),
        ("paymentMode", .string(offer.terms.paymentMode.rawValue)), ("period", .string(offer.terms.period.iso8601)),
        ("numberOfPeriods", .int(Int64(offer.terms.numberOfPeriods))), ("offerType", .int(Int64(offer.offerType.rawValue))),
      ]
      if let price = offer.terms.price { terms.append(("price", .string("\(price)"))) }
      members.append(("scheduledOffer", .object(terms)))
    }
    // Written only when set: most subscriptions are billed up front.
    if let c = s.commitment {
      members.append((
        "commitment",
        .object([
          ("billingPeriodNumber", .int(Int64(c.billingPeriodNumber))), ("expires", .int(c.expires.milliseconds)),
          ("price", .string(c.price)), ("commitmentPrice", .string(c.commitmentPrice)), ("upfrontPrice", .string(c.upfrontPrice)),
        ])
      ))
    }
    if let plan = s.renewalBillingPlan { members.append(("renewalBillingPlan", .string(plan.rawValue))) }
    return .object(members)
  }

  package static func decode(_ json: JSONValue) throws(RecordError) -> Subscription {
    func string(_ key: String) throws(RecordError) -> String {
      guard let value = json[key]?.stringValue else { throw RecordError(field: key) }
      return value
    }
    func int(_ key: String) throws(RecordError) -> Int {
      guard let value = json[key]?.intValue, let n = Int(exactly: value) else { throw RecordError(field: key) }
      return n
    }
    func optionalInt(_ key: String) throws(RecordError) -> Int? {
      guard let value = json[key], value != .null else { return nil }
      guard let n = value.intValue.flatMap({ Int(exactly: $0) }) else { throw RecordError(field: key) }
      return n
    }
    func optionalDate(_ key: String) throws(RecordError) -> Timestamp? {
      try optionalInt(key).map { Timestamp(milliseconds: Int64($0)) }
    }
    func intent() throws(RecordError) -> ExpirationIntent? {
      guard let number = try optionalInt("expirationIntent") else { return nil }
      guard let intent = ExpirationIntent(rawValue: number) else { throw RecordError(field: "expirationIntent") }
      return intent
    }
    func period(_ key: String) throws(RecordError) -> SubscriptionPeriod? {
      guard let value = json[key], value != .null else { return nil }
      guard let p = value.stringValue.flatMap(SubscriptionPeriod.init(rawValue:)) else { throw RecordError(field: key) }
      return p
    }
    guard let originalId = UInt64(try string("originalId")) else { throw RecordError(field: "originalId") }
    guard let status = SubscriptionStatus(rawValue: try string("status")) else { throw RecordError(field: "status") }
    guard let autoRenew = json["autoRenew"]?.boolValue else { throw RecordError(field: "autoRenew") }
    guard let restorable = json["restorable"]?.boolValue else { throw RecordError(field: "restorable") }
    guard let latest = json["latest"], let currentPeriod = try period("period") else { throw RecordError(field: "latest") }
    var subscription = Subscription(
      account: try string("account"), group: try string("group"), originalId: originalId,
      originalPurchaseDate: Timestamp(milliseconds: Int64(try int("originalPurchaseDate"))),
      latest: try TransactionRecord.decode(latest), period: currentPeriod, level: try int("level"),
      renewalProductId: json["renewalProductId"]?.stringValue, renewalPeriod: try period("renewalPeriod"),
      renewalLevel: try optionalInt("renewalLevel"), autoRenew: autoRenew, status: status,
      renewals: try int("renewals"), gracePeriodExpires: try optionalDate("gracePeriodExpires"),
      billingRetryEnds: try optionalDate("billingRetryEnds"), expirationIntent: try intent(),
      restorable: restorable)
    subscription.renewalPrice = json["renewalPrice"]?.stringValue
    subscription.introRenewalsLeft = json["introRenewalsLeft"]?.intValue.flatMap { Int(exactly: $0) } ?? 0
    subscription.introPrice = json["introPrice"]?.stringValue
    subscription.introOfferIdentifier = json["introOfferIdentifier"]?.stringValue
    subscription.regularPrice = json["regularPrice"]?.stringValue
    subscription.introPeriod = json["introPeriod"]?.stringValue
    if let number = try optionalInt("introOfferType") {
      guard let type = OfferType(rawValue: number) else { throw RecordError(field: "introOfferType") }
      subscription.introOfferType = type
    }
    subscription.paidDays = try optionalInt("paidDays") ?? 0
    subscription.lastWinBackRedemption = try optionalDate("lastWinBackRedemption")
    if let list = json["extensions"] {
      guard let items = list.arrayValue else { throw RecordError(field: "extensions") }
      for item in items { subscription.extensions.append(try ExtensionRecord.decode(item)) }
    }
    if let anchor = try optionalDate("anchor") {
      subscription.anchor = anchor
      subscription.anchorPeriods = try int("anchorPeriods")
    }
    // Absent in records written before price increases, and when none is announced.
    if let value = json["priceIncrease"], value != .null {
      guard let productId = value["productId"]?.stringValue, let price = value["price"]?.stringValue,
        let status = value["status"]?.stringValue.flatMap(PriceIncrease.Status.init(rawValue:))
      else { throw RecordError(field: "priceIncrease") }
      subscription.priceIncrease = PriceIncrease(productId: productId, price: price, status: status)
    }
    // Absent in records written before the once-a-year rule, and when there was none.
    subscription.lastIncreaseWithoutConsent = try optionalDate("lastIncreaseWithoutConsent")
    // Absent in records written before offers could wait for the renewal, and when none does.
    if let value = json["scheduledOffer"], value != .null {
      guard let productId = value["productId"]?.stringValue, let id = value["id"]?.stringValue,
        let mode = value["paymentMode"]?.stringValue.flatMap(IntroductoryOffer.PaymentMode.init(rawValue:)),
        let period = value["period"]?.stringValue.flatMap(OfferPeriod.init(iso8601:)),
        let count = value["numberOfPeriods"]?.intValue.flatMap({ Int(exactly: $0) }), count >= 1,
        let offerType = OfferType(rawValue: value["offerType"]?.intValue.flatMap { Int(exactly: $0) } ?? 2)
      else { throw RecordError(field: "scheduledOffer") }
      var price: Decimal?
      if let text = value["price"]?.stringValue {
        guard let parsed = Decimal(string: text) else { throw RecordError(field: "scheduledOffer") }
        price = parsed
      }
      subscription.scheduledOffer = ScheduledOffer(
        productId: productId, id: id, terms: IntroductoryOffer(paymentMode: mode, period: period, numberOfPeriods: count, price: price),
        offerType: offerType)
    }
    // Absent in records written before commitment plans, and for a subscription billed up front.
    if let value = json["commitment"], value != .null {
      guard let number = value["billingPeriodNumber"]?.intValue.flatMap({ Int(exactly: $0) }),
        let expires = value["expires"]?.intValue, let price = value["price"]?.stringValue,
        let total = value["commitmentPrice"]?.stringValue, let upfront = value["upfrontPrice"]?.stringValue
      else { throw RecordError(field: "commitment") }
      subscription.commitment = Commitment(
        billingPeriodNumber: number, expires: Timestamp(milliseconds: expires), price: price, commitmentPrice: total, upfrontPrice: upfront)
    }
    if let value = json["renewalBillingPlan"], value != .null {
      guard let plan = value.stringValue.flatMap(BillingPlanType.init(rawValue:)) else { throw RecordError(field: "renewalBillingPlan") }
      subscription.renewalBillingPlan = plan
    }
    return subscription
  }
}
