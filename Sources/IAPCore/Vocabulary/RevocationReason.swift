/// Apple's `revocationReason` (JWSTransaction; `RevocationReason` in Apple's libraries,
/// `Transaction.RevocationReason` in StoreKit): why the App Store refunded a purchase.
///
/// The raw values are the words iap's records and `--json` views have always used (StoreKit's
/// names); Apple's payloads and receipts number them (`receiptCode`).
package enum RevocationReason: String, CaseIterable, Sendable {
  /// The customer refunded because of a problem with the app.
  case developerIssue
  /// Any other reason.
  case other

  /// Apple's number: 1 for an app issue, 0 otherwise (`revocationReason` in signed payloads,
  /// `cancellation_reason` in receipts).
  package var receiptCode: Int { self == .developerIssue ? 1 : 0 }
}
