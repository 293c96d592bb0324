import Foundation
import IAPFormats
import StoreKit

/// Apple's `SKTestTransaction`: what the test environment knows of one transaction when
/// `SKTestSession.allTransactions()` is called, a snapshot that later actions do not change.
///
/// Its `identifier` is the transaction's id in the store, StoreKit 2's `Transaction.id` and
/// StoreKit 1's `transactionIdentifier`, so a test finds the transaction its app bought.
/// Apple imports the Objective-C `NSUInteger` identifiers as `UInt`.
public final class SKTestTransaction: Sendable {
  /// The transaction's id.
  public let identifier: UInt
  /// The id of the purchase it renews or restores; its own id for a purchase.
  public let originalTransactionIdentifier: UInt
  /// The product bought.
  public let productIdentifier: String
  /// When it was bought (renewed, restored).
  public let purchaseDate: Date
  /// When it was refunded or revoked (StoreKit 2's `revocationDate`), nil otherwise.
  public let cancelDate: Date?
  /// When the subscription period it bought ends, nil for other products.
  public let expirationDate: Date?
  /// Whether the subscription it belongs to renews at the end of its period; false for other
  /// products.
  public let autoRenewingEnabled: Bool
  /// Whether it waits for the customer outside the app: an interrupted purchase not resolved
  /// yet, or the latest transaction of a subscription in billing retry or its grace period.
  public let hasPurchaseIssue: Bool
  /// Whether the subscription it belongs to has a price increase waiting for consent.
  public let isPendingPriceIncreaseConsent: Bool
  /// Where it stands, as StoreKit 1's queue has it: `purchased`, `failed` (an interrupted
  /// purchase, a declined Ask to Buy request, a simulated failure), `deferred` (waiting for
  /// Ask to Buy), `restored`.
  public let state: SKPaymentTransactionState

  /// Whether it is a purchase waiting for a parent's approval (Ask to Buy).
  public var pendingAskToBuyConfirmation: Bool { state == .deferred }

  /// The transaction `json` (the control plane's transaction object), with what the store says
  /// elsewhere: `issues`, the ids of the interrupted purchases not resolved yet, and
  /// `subscription`, the subscription (`GET /subscriptions`) it belongs to, if any.
  init?(_ json: JSONValue, issues: Set<String>, subscription: JSONValue?) {
    guard let id = json["id"]?.stringValue, let identifier = UInt(id),
      let original = json["originalId"]?.stringValue.flatMap({ UInt($0) }),
      let product = json["productId"]?.stringValue, let state = json["state"]?.stringValue.flatMap(SKPaymentTransactionState.init(storeName:)),
      let purchased = Self.date(json["purchaseDate"])
    else { return nil }
    self.identifier = identifier
    originalTransactionIdentifier = original
    productIdentifier = product
    self.state = state
    purchaseDate = purchased
    cancelDate = Self.date(json["revocationDate"])
    expirationDate = Self.date(json["expirationDate"])
    autoRenewingEnabled = subscription?["autoRenewStatus"]?.boolValue ?? false
    let retrying = ["inBillingRetryPeriod", "inGracePeriod"].contains(subscription?["state"]?.stringValue ?? "")
    let latest = subscription?["latestTransaction"]?["id"]?.stringValue == id
    hasPurchaseIssue = issues.contains(id) || (retrying && latest)
    isPendingPriceIncreaseConsent = subscription?["priceIncrease"]?["status"]?.stringValue == "pending"
  }

  /// The date of an ISO 8601 JSON string, nil for null.
  private static func date(_ value: JSONValue?) -> Date? {
    guard let text = value?.stringValue, let time = Timestamp(iso8601: text) else { return nil }
    return Date(timeIntervalSince1970: Double(time.milliseconds) / 1000)
  }
}
