/// Apple's `revocationType` (JWSTransaction; `RevocationType` in Apple's libraries): what
/// took a revoked transaction away.
package enum RevocationType: String, CaseIterable, Sendable {
  /// A refund of the whole price.
  case refundFull = "REFUND_FULL"
  /// A refund of part of the price (`revocationPercentage` says how much).
  case refundProrated = "REFUND_PRORATED"
  /// A family member's share, taken away when the sharing ended (however it ended).
  case familyRevoke = "FAMILY_REVOKE"
}
