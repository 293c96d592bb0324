import Foundation

/// A payment whose product, quantity, account and offer the app sets before adding it.
open class SKMutablePayment: SKPayment {
  /// The product's identifier.
  open override var productIdentifier: String {
    get { values.productIdentifier }
    set { values.productIdentifier = newValue }
  }

  /// How many (1 to 10; more than 1 for consumables only).
  open override var quantity: Int {
    get { values.quantity }
    set { values.quantity = newValue }
  }

  /// An opaque identifier of the customer's account on the app's own service.
  open override var applicationUsername: String? {
    get { values.applicationUsername }
    set { values.applicationUsername = newValue }
  }

  /// Reserved by Apple for future use: the store ignores it.
  open override var requestData: Data? {
    get { values.requestData }
    set { values.requestData = newValue }
  }

  /// A promotional offer of a subscription the payment redeems.
  open override var paymentDiscount: SKPaymentDiscount? {
    get { values.paymentDiscount }
    set { values.paymentDiscount = newValue }
  }

  /// Whether this payment goes through Ask to Buy in the Sandbox environment, as Apple applies
  /// it (`simulatesAskToBuyInSandbox` of `POST /iap/v1/purchases`).
  open override var simulatesAskToBuyInSandbox: Bool {
    get { values.simulatesAskToBuyInSandbox }
    set { values.simulatesAskToBuyInSandbox = newValue }
  }
}
