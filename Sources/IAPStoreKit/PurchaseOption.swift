#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `Product.PurchaseOption`.
public enum PurchaseOption: Sendable, Hashable {
  case quantity(Int)
  case appAccountToken(UUID)
  /// A promotional offer signed with an App Store Connect key (version 1 signature).
  case promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: String, timestamp: Int)
  /// A promotional offer signed as a compact JWS (StoreKit 2's version 2 signature).
  case promotionalOfferJWS(String)
  /// A win-back offer, by its id (`Product.PurchaseOption.winBackOffer(_:)` takes the offer).
  case winBackOffer(String)
  /// An offer code, by its reference name (as `SKTestSession.buyProduct` takes
  /// `codeOffer(referenceName:)`).
  case codeOffer(referenceName: String)
  /// `Product.PurchaseOption.introductoryOfferEligibility(compactJWS:)`.
  case introductoryOfferEligibility(compactJWS: String)
  /// The simulator's own: make the purchase fail with this `SKError` (name or number).
  case simulatedError(String)
}
