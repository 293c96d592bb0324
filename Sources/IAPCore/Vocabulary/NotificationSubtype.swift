/// Apple's notification `subtype` (`Subtype` in Apple's libraries): every value Apple
/// defines, spelled here once.
package enum NotificationSubtype: String, CaseIterable, Sendable {
  case initialBuy = "INITIAL_BUY"
  case resubscribe = "RESUBSCRIBE"
  case downgrade = "DOWNGRADE"
  case upgrade = "UPGRADE"
  case autoRenewEnabled = "AUTO_RENEW_ENABLED"
  case autoRenewDisabled = "AUTO_RENEW_DISABLED"
  case voluntary = "VOLUNTARY"
  case billingRetry = "BILLING_RETRY"
  case priceIncrease = "PRICE_INCREASE"
  case gracePeriod = "GRACE_PERIOD"
  case pending = "PENDING"
  case accepted = "ACCEPTED"
  case billingRecovery = "BILLING_RECOVERY"
  case productNotForSale = "PRODUCT_NOT_FOR_SALE"
  case summary = "SUMMARY"
  case failure = "FAILURE"
  case unreported = "UNREPORTED"
}
