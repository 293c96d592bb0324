import IAPCrypto
import IAPFormats

/// Checks the compact JWS of `Product.PurchaseOption.introductoryOfferEligibility(compactJWS:)`
/// as the App Store does: the app's server signs, with an In-App Purchase key, whether the
/// customer may have the product's introductory offer, and the answer overrides the store's
/// own eligibility, either way.
///
/// The claims are those Apple's `IntroductoryOfferEligibilitySignatureCreator` writes
/// (App Store Server Library 3.1.2; StoreKit's "Generating JWS to sign App Store requests"):
/// `aud` `introductory-offer-eligibility`, `bid`, `iat`, `nonce`, `productId`,
/// `allowIntroductoryOffer` and `transactionId` (any transaction of the customer, or their
/// appTransactionId). Anything wrong is `invalidSignature` (12), as for a promotional offer's
/// JWS: an unknown key, a signature that does not verify, another audience, app or product,
/// a stale `iat`, a transaction that is not the customer's.
package struct IntroductoryOfferEligibilityVerifier: Sendable {
  /// The JWS audience Apple's signature creator writes.
  package static let audience = "introductory-offer-eligibility"

  package var bundleId: String
  package var context: OfferVerificationContext
  /// The store's clock.
  package var storeNow: Timestamp

  package init(bundleId: String, context: OfferVerificationContext, storeNow: Timestamp) {
    self.bundleId = bundleId
    self.context = context
    self.storeNow = storeNow
  }

  /// `allowIntroductoryOffer` of `token`, made for `productId`, once every check passed.
  ///
  /// - Parameter ownsTransaction: whether `transactionId` names a transaction of the buying
  ///   account (or its appTransactionId).
  package func verify(_ token: String, productId: String, ownsTransaction: (String) -> Bool) -> Result<Bool, StoreError> {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let decoded: (header: JSONValue, payload: JSONValue, signatureValid: Bool?)
    do { decoded = try JWS.decode(token, key: nil) } catch { return .failure(invalid("the eligibility JWS is unreadable: \(error)")) }
    let (header, claims) = (decoded.header, decoded.payload)
    guard header["alg"]?.stringValue == "ES256" else { return .failure(invalid("the eligibility JWS is not signed with ES256")) }
    guard let keyId = header["kid"]?.stringValue else { return .failure(invalid("the eligibility JWS header has no 'kid'")) }
    guard let key = context.keys[keyId] else { return .failure(invalid("no key '\(keyId)' is registered (iap keys list)")) }
    guard parts.count == 3, let raw = try? Base64URL.decode(parts[2]), let signature = P256.Signature(rawRepresentation: raw),
      key.isValidSignature(signature, for: Array((parts[0] + "." + parts[1]).utf8))
    else { return .failure(invalid("the eligibility JWS's signature does not verify with key '\(keyId)'")) }
    guard claims["aud"]?.stringValue == Self.audience else {
      return .failure(invalid("the eligibility JWS's audience is not '\(Self.audience)'"))
    }
    guard claims["bid"]?.stringValue == bundleId else {
      return .failure(invalid("the eligibility JWS was made for bundle id '\(claims["bid"]?.stringValue ?? "")', not '\(bundleId)'"))
    }
    guard claims["productId"]?.stringValue == productId else {
      return .failure(invalid("the eligibility JWS was made for product '\(claims["productId"]?.stringValue ?? "")', not '\(productId)'"))
    }
    guard case let .bool(allow)? = claims["allowIntroductoryOffer"] else {
      return .failure(invalid("the eligibility JWS has no boolean 'allowIntroductoryOffer'"))
    }
    guard let seconds = claims["iat"]?.intValue, seconds < Int64.max / 1000, seconds > Int64.min / 1000 else {
      return .failure(invalid("the eligibility JWS has no 'iat' (seconds since 1970)"))
    }
    let signed = Timestamp(milliseconds: seconds * 1000)
    let near = [storeNow, context.realNow].contains {
      let (distance, overflow) = signed.milliseconds.subtractingReportingOverflow($0.milliseconds)
      return !overflow && distance > Int64.min && abs(distance) <= PromotionalOfferVerifier.window
    }
    guard near else {
      return .failure(invalid("the eligibility JWS was signed more than 24 hours from the store's clock and from the real time"))
    }
    guard let transaction = claims["transactionId"]?.stringValue, ownsTransaction(transaction) else {
      let shown = claims["transactionId"].map(JSONWriter.compact) ?? "nothing"
      return .failure(invalid("the eligibility JWS names transaction \(shown), not a transaction of this customer"))
    }
    return .success(allow)
  }

  private func invalid(_ why: String) -> StoreError { StoreError(.invalidSignature, why) }
}
