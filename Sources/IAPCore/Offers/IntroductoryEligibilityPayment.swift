/// A payment's introductory-offer eligibility JWS and what it is checked against.
public struct IntroductoryEligibilityPayment: Sendable {
  public var jws: String
  public var context: OfferVerificationContext

  public init(jws: String, context: OfferVerificationContext) {
    self.jws = jws
    self.context = context
  }
}
