#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `IAPStore.purchase` ends in, as StoreKit 2's `Product.PurchaseResult`.
public enum PurchaseResult: Sendable {
  /// Purchased (or restored): the transaction, to deliver and then finish.
  case success(VerificationResult<Transaction>)
  /// The customer cancelled.
  case userCancelled
  /// Waiting: Ask to Buy, or an interrupted purchase; the outcome arrives on `updates`.
  case pending
}

/// `Product.PurchaseOption`.
public enum PurchaseOption: Sendable, Hashable {
  case quantity(Int)
  case appAccountToken(UUID)
  /// A promotional offer signed with an App Store Connect key (version 1 signature).
  case promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: String, timestamp: Int)
  /// A promotional offer signed as a compact JWS (StoreKit 2's version 2 signature).
  case promotionalOfferJWS(String)
  /// The simulator's own: make the purchase fail with this `SKError` (name or number).
  case simulatedError(String)
}

/// A failure of the store itself, not of the purchase: the server's answer, with the name
/// and message `iap` gives the same failure.
public struct IAPStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The HTTP status, or 0 when no answer came.
  public let status: Int
  /// `unknownTransaction`, `wrongState`, `usage`, … (`iap`'s names), or the client's own.
  public let name: String
  public let message: String

  public var description: String { "\(name): \(message)" }
}
