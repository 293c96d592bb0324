import Foundation

/// A request to buy a product, added to the payment queue (`SKPaymentQueue.add(_:)`).
///
/// Immutable once made; `SKMutablePayment` is the one to set up. The queue copies the payment
/// it is given, so the transaction's `payment` does not change if the app's does.
open class SKPayment: NSObject, NSCopying, NSMutableCopying {
  /// What the payment asks for; `SKMutablePayment` changes it.
  var values: Values

  /// What a payment carries, as a value a thread can hand on.
  struct Values: Sendable {
    var productIdentifier = ""
    var quantity = 1
    var applicationUsername: String?
    var requestData: Data?
    var paymentDiscount: SKPaymentDiscount?
    var simulatesAskToBuyInSandbox = false
  }

  /// A payment for nothing yet: `SKMutablePayment` sets its product.
  public override init() {
    values = Values()
    super.init()
  }

  init(values: Values) {
    self.values = values
    super.init()
  }

  /// A payment for one of `product`.
  public convenience init(product: SKProduct) {
    self.init(values: Values(productIdentifier: product.productIdentifier))
  }

  /// The product's identifier.
  open var productIdentifier: String { values.productIdentifier }
  /// How many (1 to 10; more than 1 for consumables only).
  open var quantity: Int { values.quantity }
  /// An opaque identifier of the customer's account on the app's own service.
  open var applicationUsername: String? { values.applicationUsername }
  /// Reserved by Apple for future use: the store ignores it, as the App Store does.
  open var requestData: Data? { values.requestData }
  /// A promotional offer of a subscription the payment redeems.
  open var paymentDiscount: SKPaymentDiscount? { values.paymentDiscount }
  /// Whether this payment goes through Ask to Buy, as if the store's `ask-to-buy` setting
  /// were on for it.
  open var simulatesAskToBuyInSandbox: Bool { values.simulatesAskToBuyInSandbox }

  /// An immutable copy (`SKPayment`), whatever this payment's class.
  open func copy(with zone: NSZone? = nil) -> Any { SKPayment(values: currentValues) }

  /// A mutable copy (`SKMutablePayment`).
  open func mutableCopy(with zone: NSZone? = nil) -> Any { SKMutablePayment(values: currentValues) }

  /// What the properties say now: a subclass's overrides (a test's stand-in payment) are
  /// what it asks for.
  private var currentValues: Values {
    Values(
      productIdentifier: productIdentifier, quantity: quantity, applicationUsername: applicationUsername, requestData: requestData,
      paymentDiscount: paymentDiscount, simulatesAskToBuyInSandbox: simulatesAskToBuyInSandbox)
  }
}
