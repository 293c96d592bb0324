/// Apple's `notificationType` (App Store Server Notifications V2; `NotificationTypeV2` in
/// Apple's libraries): every value Apple defines, spelled here once. iap sends most of them;
/// the rest (Advanced Commerce's) are accepted as filters of the notification history, as
/// Apple accepts them.
package enum NotificationType: String, CaseIterable, Sendable {
  case subscribed = "SUBSCRIBED"
  case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
  case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
  case offerRedeemed = "OFFER_REDEEMED"
  case didRenew = "DID_RENEW"
  case expired = "EXPIRED"
  case didFailToRenew = "DID_FAIL_TO_RENEW"
  case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
  case priceIncrease = "PRICE_INCREASE"
  case refund = "REFUND"
  case refundDeclined = "REFUND_DECLINED"
  case consumptionRequest = "CONSUMPTION_REQUEST"
  case renewalExtended = "RENEWAL_EXTENDED"
  case revoke = "REVOKE"
  case test = "TEST"
  case renewalExtension = "RENEWAL_EXTENSION"
  case refundReversed = "REFUND_REVERSED"
  case externalPurchaseToken = "EXTERNAL_PURCHASE_TOKEN"
  case oneTimeCharge = "ONE_TIME_CHARGE"
  case rescindConsent = "RESCIND_CONSENT"
  case metadataUpdate = "METADATA_UPDATE"
  case migration = "MIGRATION"
  case priceChange = "PRICE_CHANGE"
}
