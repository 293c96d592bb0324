import Foundation

extension Product {
  /// StoreKit's `Product.PurchaseError`: why the App Store refused a purchase.
  public enum PurchaseError: Error, LocalizedError, Equatable, Hashable {
    /// The quantity is outside what the App Store allows (1 to 10).
    case invalidQuantity
    /// The product is not available (removed from sale, or not sold in this storefront).
    case productUnavailable
    /// The customer may not make purchases (`AppStore.canMakePayments` is false).
    case purchaseNotAllowed
    /// The customer is not eligible for the offer.
    case ineligibleForOffer
    /// The offer identifier is not one of the product's.
    case invalidOfferIdentifier
    /// The offer's price is not valid.
    case invalidOfferPrice
    /// The offer's signature does not verify.
    case invalidOfferSignature
    /// The offer lacks a parameter it needs.
    case missingOfferParameters

    /// The error, in English.
    public var errorDescription: String? {
      switch self {
      case .invalidQuantity: return "The quantity is not valid."
      case .productUnavailable: return "The product is not available."
      case .purchaseNotAllowed: return "Purchases are not allowed on this device."
      case .ineligibleForOffer: return "The customer is not eligible for this offer."
      case .invalidOfferIdentifier: return "The offer identifier is not valid."
      case .invalidOfferPrice: return "The offer price is not valid."
      case .invalidOfferSignature: return "The offer signature is not valid."
      case .missingOfferParameters: return "The offer is missing a parameter."
      }
    }
  }
}
