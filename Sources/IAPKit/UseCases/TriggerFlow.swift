import IAPCore

/// One notification `notifications trigger` can make the store send, and the flow of use
/// cases behind it: the store does what produces it, as a customer would, and nothing is forged.
package struct TriggerFlow: Sendable {
  package var type: NotificationType
  package var subtype: NotificationSubtype?
  /// The kind of product the flow buys when none is named (nil: it buys nothing).
  package var productType: ProductType?
  /// The commands that produce it, in the CLI's words (`--list`). A flow that changes
  /// settings puts them back after it; one that waits for a renewal moves the store's clock.
  package var steps: String

  /// `TYPE` or `TYPE SUBTYPE`, as Apple spells them.
  package var name: String { subtype.map { "\(type.rawValue) \($0.rawValue)" } ?? type.rawValue }

  /// Every notification the trigger can produce, in the order `--list` shows them.
  package static let all: [TriggerFlow] = [
    TriggerFlow(type: .oneTimeCharge, subtype: nil, productType: .nonConsumable, steps: "buy"),
    TriggerFlow(type: .subscribed, subtype: .initialBuy, productType: .autoRenewable, steps: "buy"),
    TriggerFlow(type: .subscribed, subtype: .resubscribe, productType: .autoRenewable, steps: "buy, subscription expire, buy"),
    TriggerFlow(type: .didRenew, subtype: nil, productType: .autoRenewable, steps: "buy, subscription renew"),
    TriggerFlow(
      type: .didRenew, subtype: .billingRecovery, productType: .autoRenewable,
      steps: "buy, settings set billing-retry on, clock set to the renewal date, resolve"),
    TriggerFlow(
      type: .didFailToRenew, subtype: nil, productType: .autoRenewable,
      steps: "buy, settings set billing-retry on, clock set to the renewal date"),
    TriggerFlow(
      type: .didFailToRenew, subtype: .gracePeriod, productType: .autoRenewable,
      steps: "buy, settings set billing-retry on and grace-period on, clock set to the renewal date"),
    TriggerFlow(
      type: .gracePeriodExpired, subtype: nil, productType: .autoRenewable,
      steps: "buy, settings set billing-retry on and grace-period on, clock set to the renewal date, then to the grace period's end"),
    TriggerFlow(
      type: .expired, subtype: .billingRetry, productType: .autoRenewable,
      steps: "buy, settings set billing-retry on, clock set to the renewal date, then to billing retry's end"),
    TriggerFlow(
      type: .didChangeRenewalStatus, subtype: .autoRenewDisabled, productType: .autoRenewable, steps: "buy, subscription cancel"),
    TriggerFlow(
      type: .didChangeRenewalStatus, subtype: .autoRenewEnabled, productType: .autoRenewable,
      steps: "buy, subscription cancel, subscription resume"),
    TriggerFlow(
      type: .didChangeRenewalPref, subtype: .upgrade, productType: .autoRenewable,
      steps: "buy a lower level of the product's group, then buy the product"),
    TriggerFlow(
      type: .didChangeRenewalPref, subtype: .downgrade, productType: .autoRenewable,
      steps: "buy a higher level of the product's group, then buy the product"),
    TriggerFlow(type: .expired, subtype: .voluntary, productType: .autoRenewable, steps: "buy, subscription expire"),
    TriggerFlow(
      type: .expired, subtype: .priceIncrease, productType: .autoRenewable,
      steps: "buy, subscription price-increase --consent required, subscription price-increase-consent (decline), clock set to the renewal date"),
    TriggerFlow(
      type: .expired, subtype: .productNotForSale, productType: .autoRenewable,
      steps: "buy, products remove-from-sale, clock set to the renewal date, products restore-to-sale"),
    TriggerFlow(
      type: .priceIncrease, subtype: .pending, productType: .autoRenewable, steps: "buy, subscription price-increase --consent required"),
    TriggerFlow(
      type: .priceIncrease, subtype: .accepted, productType: .autoRenewable, steps: "buy, subscription price-increase --consent notRequired"),
    TriggerFlow(type: .consumptionRequest, subtype: nil, productType: .consumable, steps: "buy, refund-request"),
    TriggerFlow(type: .refund, subtype: nil, productType: .consumable, steps: "buy, refund"),
    TriggerFlow(type: .refundDeclined, subtype: nil, productType: .consumable, steps: "buy, refund-request, refund-decline"),
    TriggerFlow(type: .refundReversed, subtype: nil, productType: .consumable, steps: "buy, refund, refund-reverse"),
    TriggerFlow(type: .revoke, subtype: nil, productType: .nonConsumable, steps: "buy (family-shareable), family add, family remove"),
    TriggerFlow(type: .rescindConsent, subtype: nil, productType: nil, steps: "consent rescind"),
    TriggerFlow(
      type: .renewalExtended, subtype: nil, productType: .autoRenewable,
      steps: "buy, subscription renew, Extend a Subscription Renewal Date (one day)"),
    TriggerFlow(
      type: .externalPurchaseToken, subtype: .unreported, productType: nil,
      steps: "settings set external-purchase on, external-purchase token, clock set to the end of the token's reporting period"),
    TriggerFlow(type: .test, subtype: nil, productType: nil, steps: "Request a Test Notification"),
  ]

  /// Where the notifications the store sends but the trigger does not make come from: a
  /// flow that needs the developer's choice (which offer), or one that acts on every
  /// subscriber at once.
  package static func elsewhere(_ type: NotificationType) -> String? {
    switch type {
    case .offerRedeemed:
      return "sent when a purchase redeems an offer (iap buy --offer, --offer-code or --win-back), which the trigger does not choose"
    case .renewalExtension:
      return "sent by Extend Subscription Renewal Dates for All Active Subscribers (POST /inApps/v1/subscriptions/extend/mass), "
        + "which extends every subscriber's, so the trigger does not run it"
    default: return nil
    }
  }

  /// Why the trigger cannot produce `type` at all, for the types Apple defines that no flow
  /// of the store's sends.
  package static func unavailableReason(_ type: NotificationType) -> String? {
    switch type {
    case .metadataUpdate, .migration, .priceChange: return "an Advanced Commerce API notification, which iap does not simulate"
    default: return nil
    }
  }
}
