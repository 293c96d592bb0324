#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPFormats

/// A transaction as StoreKit 2's `Transaction`: read from its signed payload
/// (`jwsRepresentation`), which the app can send to its server as it is.
public struct Transaction: Sendable, Equatable, Identifiable {
  public let id: UInt64
  public let originalID: UInt64
  public let productID: String
  public let productType: Product.ProductType?
  public let purchaseDate: Date
  public let originalPurchaseDate: Date
  public let expirationDate: Date?
  public let revocationDate: Date?
  /// `0` (other) or `1` (a developer issue), as Apple's `revocationReason`.
  public let revocationReason: Int?
  public let purchasedQuantity: Int
  public let appAccountToken: UUID?
  /// `PURCHASED` or `FAMILY_SHARED`.
  public let ownershipType: String
  /// `LocalTesting`, `Xcode`, `Sandbox` or `Production`.
  public let environment: String
  /// `Transaction.offer`'s type as Apple numbers it (1 introductory, 2 promotional, 3 an
  /// offer code, 4 win-back) and its id; nil when no offer applies.
  public let offerType: Int?
  public let offerID: String?
  /// The compact JWS the store signed.
  public let jwsRepresentation: String
  /// The control plane's address of this transaction (`…/iap/v1/transactions/ID`).
  let address: String

  /// `Transaction.finish()`: it leaves the queue; deliver its content first. Finishing one
  /// already finished does nothing, as in StoreKit; only a store that cannot be reached or
  /// refuses otherwise throws.
  public func finish() async throws(IAPStoreError) {
    do {
      _ = try IAPStore.request("POST", address + "/finish")
    } catch where error.name == "notInQueue" {
      return
    }
  }

  /// Reads the payload of `jws` (decoded, not verified: `IAPStore` verifies); `base` is the
  /// control plane of the store it came from.
  init(jws: String, payload: JSONValue, base: String) throws(VerificationError) {
    func date(_ key: String) -> Date? { payload[key]?.intValue.map { Date(timeIntervalSince1970: Double($0) / 1000) } }
    guard let id = payload["transactionId"]?.stringValue.flatMap(UInt64.init),
      let original = payload["originalTransactionId"]?.stringValue.flatMap(UInt64.init),
      let product = payload["productId"]?.stringValue, let purchased = date("purchaseDate")
    else { throw .malformed("the payload is not a transaction") }
    self.id = id
    originalID = original
    productID = product
    productType = payload["type"]?.stringValue.flatMap(Product.ProductType.init(appleName:))
    purchaseDate = purchased
    originalPurchaseDate = date("originalPurchaseDate") ?? purchased
    expirationDate = date("expiresDate")
    revocationDate = date("revocationDate")
    revocationReason = payload["revocationReason"]?.intValue.map { Int($0) }
    purchasedQuantity = Int(payload["quantity"]?.intValue ?? 1)
    appAccountToken = payload["appAccountToken"]?.stringValue.flatMap(UUID.init(uuidString:))
    ownershipType = payload["inAppOwnershipType"]?.stringValue ?? "PURCHASED"
    environment = payload["environment"]?.stringValue ?? ""
    offerType = payload["offerType"]?.intValue.map { Int($0) }
    offerID = payload["offerIdentifier"]?.stringValue
    jwsRepresentation = jws
    address = base + "/transactions/\(id)"
  }
}
