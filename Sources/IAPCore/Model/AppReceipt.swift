import IAPFormats

/// The app receipt and the `verifyReceipt` answers about it, built from the account's
/// history. Pure: the transactions, the account's state and the time come in.
package struct AppReceipt {
  package let bundleId: String
  /// The account's transactions (its history, latest versions).
  package let history: [Transaction]
  package let account: AccountState
  package let now: Timestamp

  package init(bundleId: String, history: [Transaction], account: AccountState, now: Timestamp) {
    self.bundleId = bundleId
    self.history = history
    self.account = account
    self.now = now
  }

  /// Purchases that count: purchased (refunded ones too, with their cancellation), not
  /// failed, pending or restored, which never appear in a receipt.
  private var purchases: [Transaction] { history.filter { $0.state == .purchased && !$0.deleted } }

  /// Whether a transaction is in the app receipt now. A consumable is there until finished,
  /// and leaves at the next receipt update after that; everything else stays.
  func inReceipt(_ t: Transaction) -> Bool {
    guard t.productType == .consumable else { return true }
    return !t.finished || t.finishedAtReceiptUpdate == account.receiptUpdates
  }

  /// The `receipt` object.
  package var receipt: JSONValue {
    let items = purchases.filter(inReceipt).map { item($0, latest: false) }
    let firstDate = history.map(\.purchaseDate).min() ?? now
    return .object(
      [
        ("receipt_type", .string("ProductionSandbox")),
        ("adam_id", .int(0)),
        ("app_item_id", .int(0)),
        ("bundle_id", .string(bundleId)),
        ("application_version", .string("1.0")),
        ("download_id", .int(0)),
        ("version_external_identifier", .int(0)),
      ] + dates("receipt_creation", now) + dates("request", now) + dates("original_purchase", firstDate) + [
        ("original_application_version", .string("1.0")),
        ("in_app", .array(items)),
      ])
  }

  /// Whether the receipt holds an auto-renewable subscription: Apple returns
  /// `latest_receipt`, `latest_receipt_info` and `pending_renewal_info` only then.
  package var containsAutoRenewable: Bool { purchases.contains { $0.productType == .autoRenewable } }

  /// `latest_receipt_info`: every purchase but finished consumables, oldest first.
  package var latestReceiptInfo: JSONValue {
    .array(purchases.filter { $0.productType != .consumable || !$0.finished }.map { item($0, latest: true) })
  }

  /// `pending_renewal_info`: one entry per subscription.
  package var pendingRenewalInfo: JSONValue {
    .array(account.subscriptions.values.sorted { $0.originalId < $1.originalId }.map { s in
      var members: [(String, JSONValue)] = [
        ("auto_renew_product_id", .string(s.autoRenewProductId)),
        ("auto_renew_status", .string(s.autoRenew ? "1" : "0")),
        ("original_transaction_id", .string(String(s.originalId))),
        ("product_id", .string(s.productId)),
      ]
      if let intent = s.reportedExpirationIntent { members.append(("expiration_intent", .string(String(intent.rawValue)))) }
      if s.isInBillingRetry || s.expirationIntent == .billingError {
        members.append(("is_in_billing_retry_period", .string(s.status == .expired ? "0" : "1")))
      }
      if let grace = s.gracePeriodExpires { members += dates("grace_period_expires", grace) }
      if let status = s.pendingPriceIncrease?.renewalInfoStatus {
        members.append(("price_consent_status", .string(String(status))))
        members.append(("price_increase_status", .string(String(status))))
      }
      return .object(members)
    })
  }

  private func item(_ t: Transaction, latest: Bool) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("quantity", .string(String(t.quantity))),
      ("product_id", .string(t.productId)),
      ("transaction_id", .string(String(t.id))),
      ("original_transaction_id", .string(String(t.originalId))),
    ]
    members += dates("purchase", t.purchaseDate) + dates("original_purchase", t.originalPurchaseDate)
    if let expires = t.expirationDate { members += dates("expires", expires) }
    if let revoked = t.revocationDate {
      members += dates("cancellation", revoked)
      members.append(("cancellation_reason", .string(String(t.revocationReason?.receiptCode ?? 0))))
    }
    if t.productType == .autoRenewable {
      members.append(("web_order_line_item_id", .string(String(t.id))))
      // A promotional offer's period is neither a trial nor an introductory period: the
      // receipt names the offer instead.
      let discount = t.offerIdentifier == nil ? t.offerDiscountType : nil
      members.append(("is_trial_period", .string(discount == .freeTrial ? "true" : "false")))
      let intro = discount == .payAsYouGo || discount == .payUpFront
      members.append(("is_in_intro_offer_period", .string(intro ? "true" : "false")))
      // An offer code is named by its reference name (`offer_code_ref_name`); a win-back
      // offer, newer than receipts, by nothing.
      if let offer = t.offerIdentifier, t.offerType == .promotional { members.append(("promotional_offer_id", .string(offer))) }
      if let offer = t.offerIdentifier, t.offerType == .offerCode { members.append(("offer_code_ref_name", .string(offer))) }
    }
    members.append(("in_app_ownership_type", .string(t.inAppOwnershipType)))
    if latest, t.productType == .autoRenewable {
      if t.isUpgraded { members.append(("is_upgraded", .string("true"))) }
      if let group = t.subscriptionGroup { members.append(("subscription_group_identifier", .string(group))) }
    }
    return .object(members)
  }

  /// `NAME_date`, `NAME_date_ms`, `NAME_date_pst`.
  private func dates(_ name: String, _ t: Timestamp) -> [(String, JSONValue)] {
    [
      ("\(name)_date", .string(t.receiptDate)), ("\(name)_date_ms", .string(t.receiptMilliseconds)),
      ("\(name)_date_pst", .string(t.receiptPSTDate)),
    ]
  }
}
