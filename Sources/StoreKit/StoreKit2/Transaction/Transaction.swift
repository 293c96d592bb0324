import Foundation
import IAPFormats

/// StoreKit's `Transaction`: a purchase, renewal or restore the App Store signed, every field
/// read from the signed payload (`jwsRepresentation` on its `VerificationResult`), never from
/// an unsigned copy. Equal transactions are the same signed value.
public struct Transaction: Identifiable, Equatable, Hashable, Sendable, CustomDebugStringConvertible {
  /// The transaction's identifier (`Transaction.ID`).
  public typealias ID = UInt64

  /// Unique for each purchase, renewal and restore.
  public let id: UInt64
  /// The original purchase's identifier: the same as `id` but for renewals and restores.
  public let originalID: UInt64
  /// The subscription period's purchase across devices; nil for what is not an
  /// auto-renewable subscription.
  public let webOrderLineItemID: String?
  /// The product's identifier.
  public let productID: String
  /// The subscription group; nil for what is not a subscription.
  public let subscriptionGroupID: String?
  /// The app's bundle identifier.
  public let appBundleID: String
  /// When the App Store charged the customer (or restored, or renewed).
  public let purchaseDate: Date
  /// When the original purchase was made.
  public let originalPurchaseDate: Date
  /// When a subscription expires or renews; nil for other kinds.
  public let expirationDate: Date?
  /// How many consumables were bought.
  public let purchasedQuantity: Int
  /// Whether the customer upgraded to a higher subscription of the group.
  public let isUpgraded: Bool
  /// Bought by the customer, or shared by a family member.
  public let ownershipType: Transaction.OwnershipType
  /// When the App Store signed the transaction.
  public let signedDate: Date
  /// When the App Store refunded or revoked it; nil while it stands.
  public let revocationDate: Date?
  /// Why it was refunded or revoked.
  public let revocationReason: Transaction.RevocationReason?
  /// The product's kind.
  public let productType: Product.ProductType
  /// The token the app set with `Product.PurchaseOption.appAccountToken(_:)`.
  public let appAccountToken: UUID?
  /// The environment that signed it.
  public let environment: AppStore.Environment
  /// A purchase or a renewal.
  public let reason: Transaction.Reason
  /// The storefront it was made in.
  public let storefront: Storefront
  /// The offer it redeemed, if any.
  public let offer: Transaction.Offer?
  /// What the customer paid, after any offer; nil when the store does not say.
  public let price: Decimal?
  /// The currency of `price`.
  public let currency: Locale.Currency?
  /// How the subscription period was billed (`MONTHLY` for a 12-month commitment); nil for a
  /// product without billing plans.
  public let billingPlanType: Product.SubscriptionInfo.BillingPlanType?
  /// A monthly billing period's place in its commitment; nil when billed up front.
  public let commitmentInfo: Transaction.CommitmentInfo?
  /// The customer's app transaction identifier, as on `AppTransaction`.
  public let appTransactionID: String
  /// The device verification value, SHA-384 of the nonce and the device's
  /// `AppStore.deviceVerificationID`. Empty here: the store signs transactions without one
  /// (as the App Store Server API does); only `AppTransaction` carries it.
  public let deviceVerification: Data
  /// The nonce of `deviceVerification`: the all-zero UUID here, as the store signs none.
  public let deviceVerificationNonce: UUID
  /// The signed payload's JSON.
  public var jsonRepresentation: Data { signed.payloadData }

  /// The signed payload, as JSON text.
  public var debugDescription: String { String(decoding: signed.payloadData, as: UTF8.self) }

  /// The signed value this transaction was read from.
  let signed: SignedValue
  /// The store it came from, which `finish()` tells.
  let store: StoreConnection

  /// Whether both are the same signed value.
  public static func == (lhs: Transaction, rhs: Transaction) -> Bool { lhs.signed == rhs.signed }
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(signed) }

  /// The transaction a signed payload describes; nil when a member StoreKit requires is
  /// missing.
  init?(payload p: JSONValue, signed: SignedValue, store: StoreConnection) {
    guard let id = p.uint64("transactionId"), let originalID = p.uint64("originalTransactionId"),
      let productID = p.string("productId"), let purchaseDate = p.date("purchaseDate"),
      let type = p.string("type"), let signedDate = p.date("signedDate")
    else { return nil }
    self.id = id
    self.originalID = originalID
    webOrderLineItemID = p.string("webOrderLineItemId")
    self.productID = productID
    subscriptionGroupID = p.string("subscriptionGroupIdentifier")
    appBundleID = p.string("bundleId") ?? ""
    self.purchaseDate = purchaseDate
    originalPurchaseDate = p.date("originalPurchaseDate") ?? purchaseDate
    expirationDate = p.date("expiresDate")
    purchasedQuantity = p.int("quantity") ?? 1
    isUpgraded = p.bool("isUpgraded") ?? false
    ownershipType = OwnershipType(rawValue: p.string("inAppOwnershipType") ?? "PURCHASED")
    self.signedDate = signedDate
    revocationDate = p.date("revocationDate")
    revocationReason = p.int("revocationReason").map(RevocationReason.init(rawValue:))
    productType = Product.ProductType(rawValue: type)
    appAccountToken = p.uuid("appAccountToken")
    environment = AppStore.Environment(payloadName: p.string("environment") ?? "")
    reason = p.string("transactionReason").map(Reason.init(rawValue:)) ?? .purchase
    storefront = Storefront(countryCode: p.string("storefront") ?? "", id: p.string("storefrontId") ?? "", currency: p.string("currency"))
    offer = Offer(payload: p)
    price = p.milliunits("price")
    currency = p.string("currency").map { Locale.Currency($0) }
    billingPlanType = p.string("billingPlanType").map(Product.SubscriptionInfo.BillingPlanType.init(rawValue:))
    commitmentInfo = CommitmentInfo(payload: p)
    appTransactionID = p.string("appTransactionId") ?? ""
    deviceVerification = p.base64("deviceVerification") ?? Data()
    deviceVerificationNonce = p.uuid("deviceVerificationNonce") ?? UUID.zero
    self.signed = signed
    self.store = store
  }

  /// Checks `jws` against the store's keys and reads the transaction it signs; a token that
  /// is not a transaction is the store's error.
  static func verify(_ jws: String, store: StoreConnection) throws(StoreConnectionError) -> VerificationResult<Transaction> {
    let checked = try store.verifier.check(jws)
    guard let signed = SignedValue(jws), let transaction = Transaction(payload: checked.payload, signed: signed, store: store) else {
      throw StoreConnectionError(status: 0, name: "malformedJWS", message: "the store signed a transaction StoreKit cannot read")
    }
    return checked.failure.map { .unverified(transaction, $0.verificationError(for: Transaction.self)) } ?? .verified(transaction)
  }

  /// The signed transactions of a `{"transactions": […]}` answer, each checked; those the
  /// store hands out unsigned (pending, failed) are left out, as StoreKit never shows them,
  /// and so are `isStoreKit1Restore` ones.
  static func verifyAll(_ answer: JSONValue, store: StoreConnection) throws(StoreConnectionError) -> [VerificationResult<Transaction>] {
    var results: [VerificationResult<Transaction>] = []
    for item in answer["transactions"]?.arrayValue ?? [] {
      guard let jws = item.string("jwsRepresentation"), !isStoreKit1Restore(item) else { continue }
      results.append(try verify(jws, store: store))
    }
    return results
  }

  /// Whether the store's transaction `item` is a restore's copy of a purchase (`restored`):
  /// what StoreKit 1's `restoreCompletedTransactions` makes, and the store's `AppStore.sync()`
  /// too. StoreKit 2 has no such copies: its transactions are the purchases themselves, which
  /// `Transaction.all` and `currentEntitlements` list after a sync as before.
  static func isStoreKit1Restore(_ item: JSONValue) -> Bool { item.string("state") == "restored" }
}
