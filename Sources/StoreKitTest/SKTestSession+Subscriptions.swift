import Foundation
import IAPFormats
import StoreKit

/// The test environment's subscription controls: each is an action of the control plane's
/// `/subscriptions/{productId}/…`, the methods taking a transaction acting on the subscription
/// of that transaction's product.
extension SKTestSession {
  /// Expires the subscription to `productIdentifier` now
  /// (`POST /subscriptions/{productId}/expire`): it stops renewing and its latest transaction's
  /// `expirationDate` becomes now. `SKTestError.noSubscriptionFound` when there is none.
  public func expireSubscription(productIdentifier: String) throws {
    try act("POST", "/subscriptions/\(StoreConnection.escape(productIdentifier))/expire")
  }

  /// Ends the subscription's current period now and starts the next
  /// (`POST /subscriptions/{productId}/renew`): a renewal transaction, as at the end of a period.
  public func forceRenewalOfSubscription(productIdentifier: String) throws {
    try act("POST", "/subscriptions/\(StoreConnection.escape(productIdentifier))/renew")
  }

  /// Turns auto-renew off for the subscription of the transaction `identifier`
  /// (`POST /subscriptions/{productId}/cancel`): it ends with its current period.
  public func disableAutoRenewForTransaction(identifier: UInt) throws {
    try actOnSubscription(of: identifier, "cancel")
  }

  /// Turns auto-renew back on for the subscription of the transaction `identifier`
  /// (`POST /subscriptions/{productId}/resume`).
  public func enableAutoRenewForTransaction(identifier: UInt) throws {
    try actOnSubscription(of: identifier, "resume")
  }

  /// Announces a price increase that needs the subscriber's consent to the subscription of the
  /// transaction `identifier` (`POST /subscriptions/{productId}/price-increase`). Apple's
  /// environment keeps the configuration's price; iap's store needs a higher one, so the
  /// increase is to the product's price plus 10%, rounded up to the cent (from the price of
  /// an increase already announced, if any).
  public func requestPriceIncreaseConsentForTransaction(identifier: UInt) throws {
    let product = try productOfTransaction(identifier)
    let path = "/subscriptions/\(StoreConnection.escape(product))"
    let listed = try request("GET", "/products?id=" + StoreConnection.escape(product))["products"]?.arrayValue?.first
    let announced = try request("GET", "/status")["subscriptions"]?.arrayValue?
      .first { $0["productId"]?.stringValue == product }?["priceIncrease"]?["price"]?.stringValue
    let price = announced ?? listed?["price"]?.stringValue
    guard let current = price.flatMap({ Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }) else {
      throw SKTestError(.invalidProductIdentifier, message: "the configuration has no price for \(product)")
    }
    let body = JSONValue.object([("price", .string(Self.increased(current))), ("consentRequired", .bool(true))])
    try act("POST", path + "/price-increase", body: body)
  }

  /// The subscriber agrees to the price increase waiting for consent
  /// (`POST /subscriptions/{productId}/price-increase/accept`).
  public func consentToPriceIncreaseForTransaction(identifier: UInt) throws {
    try actOnSubscription(of: identifier, "price-increase/accept")
  }

  /// The subscriber declines the price increase waiting for consent
  /// (`POST /subscriptions/{productId}/price-increase/decline`): auto-renew turns off.
  public func declinePriceIncreaseForTransaction(identifier: UInt) throws {
    try actOnSubscription(of: identifier, "price-increase/decline")
  }

  /// `POST /subscriptions/{productId}/<action>` for the product of the transaction `identifier`.
  private func actOnSubscription(of identifier: UInt, _ action: String) throws(SKTestError) {
    let product = try productOfTransaction(identifier)
    try act("POST", "/subscriptions/\(StoreConnection.escape(product))/\(action)")
  }

  /// `price` plus 10%, rounded up to the cent, at least a cent more, in the store's notation.
  static func increased(_ price: Decimal) -> String {
    var raised = price * Decimal(string: "1.1")!
    var rounded = Decimal()
    NSDecimalRound(&rounded, &raised, 2, .up)
    if rounded <= price { rounded = price + Decimal(string: "0.01")! }
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
      text += String(repeating: "0", count: max(0, 2 - text.distance(from: text.index(after: dot), to: text.endIndex)))
    } else {
      text += ".00"
    }
    return text
  }
}
