/// A payment's introductory-offer eligibility JWS and what it is checked against.
package struct IntroductoryEligibilityPayment: Sendable {
  package var jws: String
  package var context: OfferVerificationContext

  package init(jws: String, context: OfferVerificationContext) {
    self.jws = jws
    self.context = context
  }
}
