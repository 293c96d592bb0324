/// Apple's `offerType` (JWSTransaction, JWSRenewalInfo; `OfferType` in Apple's libraries):
/// which kind of offer prices a period, as Apple numbers it.
package enum OfferType: Int, CaseIterable, Sendable {
  case introductory = 1
  case promotional = 2
  /// An offer code (`offerType` 3: subscription offer codes, and one-time codes for the
  /// other product types).
  case offerCode = 3
  case winBack = 4
}
