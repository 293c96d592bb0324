import Foundation
import IAPFormats

/// One version of a transaction as the store answers it (a member of `{"transactions": …}`
/// or an update event's data): what a payment transaction shows of it.
struct StoreTransactionVersion: Sendable, Equatable {
  var id: UInt64
  var originalId: UInt64
  var productId: String
  var state: SKPaymentTransactionState
  var quantity: Int
  var applicationUsername: String?
  var purchaseDate: Date?
  var originalPurchaseDate: Date?
  /// Why a failed transaction failed.
  var error: SKError?
  /// When it was refunded or revoked.
  var revocationDate: Date?

  /// The version a transaction object of the store describes; nil when it is not one.
  init?(_ json: JSONValue) {
    guard let id = json["id"]?.stringValue.flatMap(UInt64.init), let productId = json["productId"]?.stringValue,
      let state = json["state"]?.stringValue.flatMap(SKPaymentTransactionState.init(storeName:))
    else { return nil }
    self.id = id
    originalId = json["originalId"]?.stringValue.flatMap(UInt64.init) ?? id
    self.productId = productId
    self.state = state
    quantity = Int(json["quantity"]?.intValue ?? 1)
    applicationUsername = json["applicationUsername"]?.stringValue
    purchaseDate = Self.date(json["purchaseDate"])
    originalPurchaseDate = Self.date(json["originalPurchaseDate"])
    error = SKError(transactionError: json["error"])
    revocationDate = Self.date(json["revocationDate"])
  }

  /// The versions of a `{"transactions": […]}` answer, oldest first.
  static func all(_ answer: JSONValue) -> [StoreTransactionVersion] {
    (answer["transactions"]?.arrayValue ?? []).compactMap(Self.init)
  }

  /// An ISO 8601 date of the store's, or nil.
  static func date(_ json: JSONValue?) -> Date? {
    guard let text = json?.stringValue, let stamp = Timestamp(iso8601: text) else { return nil }
    return Date(timeIntervalSince1970: Double(stamp.milliseconds) / 1000)
  }

  /// The payment this version is of, as a transaction the app did not add itself shows it.
  var payment: SKPayment {
    SKPayment(values: SKPayment.Values(productIdentifier: productId, quantity: quantity, applicationUsername: applicationUsername))
  }
}
