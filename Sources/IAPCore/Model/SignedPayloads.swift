import IAPFormats

/// The payloads of StoreKit 2's signed data, as the App Store Server Library decodes them:
/// `JWSTransactionDecodedPayload` and `JWSRenewalInfoDecodedPayload`. Pure: signing happens
/// elsewhere.
package enum SignedPayloads {
  /// `type` as Apple spells it.
  static func typeName(_ type: ProductType?) -> String? {
    switch type {
    case .consumable: return "Consumable"
    case .nonConsumable: return "Non-Consumable"
    case .autoRenewable: return "Auto-Renewable Subscription"
    case .nonRenewing: return "Non-Renewing Subscription"
    case nil: return nil
    }
  }

  /// A decimal price string in milliunits (`"4.99"` → 4990), as the signed payloads carry it;
  /// nil when it is not one or does not fit in 64 bits (the catalog refuses such prices, but a
  /// state written before it did may still hold one).
  package static func milliunits(_ price: String?) -> Int64? {
    guard let price else { return nil }
    let parts = price.split(separator: ".", omittingEmptySubsequences: false)
    guard let whole = Int64(parts[0]), parts.count <= 2 else { return nil }
    var fraction = parts.count == 2 ? String(parts[1].prefix(3)) : ""
    while fraction.count < 3 { fraction += "0" }
    guard let thousandths = Int64(fraction), whole >= 0 else { return nil }
    let (scaled, overflow) = whole.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return nil }
    let (sum, carry) = scaled.addingReportingOverflow(thousandths)
    return carry ? nil : sum
  }

  /// `appAccountToken` is a UUID: an `applicationUsername` that is one is passed on.
  package static func accountToken(_ username: String?) -> String? {
    guard let username else { return nil }
    let hex = username.lowercased()
    let groups = hex.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
    guard groups == [8, 4, 4, 4, 12], hex.allSatisfy({ $0 == "-" || $0.isHexDigit }) else { return nil }
    return hex
  }

  /// `JWSTransactionDecodedPayload` for a transaction; absent fields are left out, as Apple does.
  ///
  /// - Parameter appTransactionId: the customer's app transaction id, which Apple's
  ///   JWSTransaction carries beside the app transaction's own (`appTransactionId`).
  package static func transaction(_ t: Transaction, environment: AppStoreEnvironment, signedDate: Timestamp, appTransactionId: String? = nil) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("transactionId", .string(String(t.id))),
      ("originalTransactionId", .string(String(t.originalId))),
    ]
    func add(_ key: String, _ value: JSONValue?) { if let value { members.append((key, value)) } }
    add("webOrderLineItemId", t.productType == .autoRenewable ? .string(String(t.id)) : nil)
    add("bundleId", t.bundleId.map(JSONValue.string))
    add("productId", .string(t.productId))
    add("subscriptionGroupIdentifier", t.subscriptionGroup.map(JSONValue.string))
    add("purchaseDate", .int(t.purchaseDate.milliseconds))
    add("originalPurchaseDate", .int(t.originalPurchaseDate.milliseconds))
    add("expiresDate", t.expirationDate.map { .int($0.milliseconds) })
    add("quantity", .int(Int64(t.quantity)))
    add("type", typeName(t.productType).map(JSONValue.string))
    add("appAccountToken", (t.appAccountToken ?? accountToken(t.applicationUsername)).map(JSONValue.string))
    add("inAppOwnershipType", .string(t.inAppOwnershipType))
    add("signedDate", .int(signedDate.milliseconds))
    add("revocationReason", t.revocationReason.map { .int(Int64($0.receiptCode)) })
    add("revocationDate", t.revocationDate.map { .int($0.milliseconds) })
    add("isUpgraded", t.isUpgraded ? .bool(true) : nil)
    add("environment", .string(environment.rawValue))
    add("storefront", t.storefront.map(JSONValue.string))
    add("storefrontId", t.storefront.map { .string(Storefronts.storefrontId($0)) })
    add("transactionReason", .string(t.transactionReason.rawValue))
    add("offerType", t.offerType.map { .int(Int64($0.rawValue)) })
    add("offerIdentifier", t.offerIdentifier.map(JSONValue.string))
    add("offerDiscountType", t.offerDiscountType.map { .string($0.rawValue) })
    add("offerPeriod", t.offerPeriod.map(JSONValue.string))
    add("currency", t.currency.map(JSONValue.string))
    add("price", milliunits(t.price).map { .int($0) })
    add("appTransactionId", appTransactionId.map(JSONValue.string))
    add("revocationType", t.revocationType.map { .string($0.rawValue) })
    add("revocationPercentage", t.revocationType == nil ? nil : t.revocationPercentage.map { .int(Int64($0)) })
    add("billingPlanType", t.billingPlanType.map { .string($0.rawValue) })
    add("commitmentInfo", t.commitment.map(commitmentInfo))
    return .object(members)
  }

  /// `JWSRenewalInfoDecodedPayload` for a subscription.
  ///
  /// - Parameter appTransactionId: the customer's app transaction id, which Apple's
  ///   JWSRenewalInfo carries (`appTransactionId`).
  /// - Parameter eligibleWinBackOfferIds: the win-back offers the customer may redeem, best
  ///   first (`WinBackEligibility`); left out when there is none.
  package static func renewalInfo(
    _ s: Subscription, environment: AppStoreEnvironment, signedDate: Timestamp, appTransactionId: String? = nil, eligibleWinBackOfferIds: [String] = []
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("originalTransactionId", .string(String(s.originalId))),
      ("autoRenewProductId", .string(s.autoRenewProductId)),
      ("productId", .string(s.productId)),
      ("autoRenewStatus", .int(s.renewsNextPeriod ? 1 : 0)),
      ("isInBillingRetryPeriod", .bool(s.isInBillingRetry)),
      ("signedDate", .int(signedDate.milliseconds)),
      ("environment", .string(environment.rawValue)),
      ("recentSubscriptionStartDate", .int(s.originalPurchaseDate.milliseconds)),
    ]
    if let intent = s.reportedExpirationIntent { members.append(("expirationIntent", .int(Int64(intent.rawValue)))) }
    if let grace = s.gracePeriodExpires { members.append(("gracePeriodExpiresDate", .int(grace.milliseconds))) }
    // Apple documents renewalDate as present whatever the status, an expired subscription's
    // included: the end of its latest period.
    members.append(("renewalDate", .int(s.expirationDate.milliseconds)))
    if let currency = s.latest.currency { members.append(("currency", .string(currency))) }
    // Apple's renewalPrice is the price of the next billing period: an offer redeemed for it,
    // else a pay-as-you-go offer's while it runs, else the regular price (with a scheduled
    // product's or an increase's), never the price an offer charged for the period now running.
    if let price = milliunits(s.nextRenewalPrice) {
      members.append(("renewalPrice", .int(price)))
    }
    if let status = s.pendingPriceIncrease?.renewalInfoStatus { members.append(("priceIncreaseStatus", .int(Int64(status)))) }
    // A promotional offer (or offer code) redeemed for the next renewal, or a pay-as-you-go
    // offer still running, applies to the next renewal.
    if let offer = s.scheduledOffer, offer.productId == s.autoRenewProductId {
      members.append(("offerType", .int(Int64(offer.offerType.rawValue))))
      members.append(("offerIdentifier", .string(offer.id)))
      members.append(("offerDiscountType", .string(offer.terms.discountType.rawValue)))
      members.append(("offerPeriod", .string(offer.terms.wholeDuration)))
    } else if s.introRenewalsLeft > 0 {
      members.append(("offerType", .int(Int64((s.introOfferType ?? (s.introOfferIdentifier == nil ? .introductory : .promotional)).rawValue))))
      if let offer = s.introOfferIdentifier { members.append(("offerIdentifier", .string(offer))) }
      members.append(("offerDiscountType", .string(OfferDiscountType.payAsYouGo.rawValue)))
      // The offer's whole duration, as the purchase that redeemed it carries it.
      if let period = s.latest.offerPeriod { members.append(("offerPeriod", .string(period))) }
    }
    // Set App Account Token's token (or a UUID-shaped applicationUsername) is the
    // subscription's: Apple's JWSRenewalInfo carries `appAccountToken` too.
    if let token = s.latest.appAccountToken ?? accountToken(s.latest.applicationUsername) {
      members.append(("appAccountToken", .string(token)))
    }
    if let appTransactionId { members.append(("appTransactionId", .string(appTransactionId))) }
    if !eligibleWinBackOfferIds.isEmpty { members.append(("eligibleWinBackOfferIds", .array(eligibleWinBackOfferIds.map(JSONValue.string)))) }
    if let plan = s.nextBillingPlan { members.append(("renewalBillingPlanType", .string(plan.rawValue))) }
    if let commitment = s.commitment { members.append(("commitmentInfo", renewalCommitmentInfo(s, commitment))) }
    return .object(members)
  }

  /// `TransactionCommitmentInfo`: the billing period's number of the total, the commitment's
  /// price in milliunits, and its end.
  static func commitmentInfo(_ c: TransactionCommitment) -> JSONValue {
    var members: [(String, JSONValue)] = [("billingPeriodNumber", .int(Int64(c.billingPeriodNumber)))]
    members.append(("commitmentExpiresDate", .int(c.expires.milliseconds)))
    if let price = milliunits(c.commitmentPrice) { members.append(("commitmentPrice", .int(price))) }
    members.append(("totalBillingPeriods", .int(Int64(c.totalBillingPeriods))))
    return .object(members)
  }

  /// `RenewalCommitmentInfo`: what happens when the commitment ends. It renews (the
  /// customer's auto-renew choice, `commitmentAutoRenewStatus`) into the product and plan
  /// chosen, on the commitment's end date, at the monthly price or the price billed up front.
  static func renewalCommitmentInfo(_ s: Subscription, _ c: Commitment) -> JSONValue {
    let plan = s.renewalBillingPlan ?? .monthly
    var members: [(String, JSONValue)] = [
      ("commitmentAutoRenewProductId", .string(s.autoRenewProductId)),
      ("commitmentAutoRenewStatus", .int(s.autoRenew ? 1 : 0)),
      ("commitmentRenewalBillingPlanType", .string(plan.rawValue)),
      ("commitmentRenewalDate", .int(c.expires.milliseconds)),
    ]
    let price = s.renewalProductId == nil ? (plan == .monthly ? c.price : c.upfrontPrice) : s.renewalPrice
    if let price = milliunits(price) { members.append(("commitmentRenewalPrice", .int(price))) }
    return .object(members)
  }
}
