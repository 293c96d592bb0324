import Foundation

/// What the payment queue asks its delegate. Both methods are optional, as in Apple's
/// protocol, with defaults that answer true.
public protocol SKPaymentQueueDelegate: NSObjectProtocol {
  /// Whether a transaction in progress may go on in a storefront that changed under it. The
  /// store settles a payment in one request, so no transaction is ever in progress across a
  /// change of storefront, and the queue never asks.
  func paymentQueue(_ paymentQueue: SKPaymentQueue, shouldContinue transaction: SKPaymentTransaction, in newStorefront: SKStorefront) -> Bool
  /// Whether to show the price-increase consent sheet now. No sheet can be shown here, so the
  /// queue never asks: the customer's answer is given through the store
  /// (`POST /iap/v1/subscriptions/{productId}/price-increase/accept` or `…/decline`).
  func paymentQueueShouldShowPriceConsent(_ paymentQueue: SKPaymentQueue) -> Bool
}

extension SKPaymentQueueDelegate {
  /// Lets the transaction go on.
  public func paymentQueue(_ paymentQueue: SKPaymentQueue, shouldContinue transaction: SKPaymentTransaction, in newStorefront: SKStorefront) -> Bool {
    true
  }

  /// Lets the sheet show.
  public func paymentQueueShouldShowPriceConsent(_ paymentQueue: SKPaymentQueue) -> Bool { true }
}
