import Foundation

/// A payment whose product, quantity, account and offer the app sets before adding it.
open class SKMutablePayment: SKPayment {
  open override var productIdentifier: String {
    get { values.productIdentifier }
    set { values.productIdentifier = newValue }
  }

  open override var quantity: Int {
    get { values.quantity }
    set { values.quantity = newValue }
  }

  open override var applicationUsername: String? {
    get { values.applicationUsername }
    set { values.applicationUsername = newValue }
  }

  open override var requestData: Data? {
    get { values.requestData }
    set { values.requestData = newValue }
  }

  open override var paymentDiscount: SKPaymentDiscount? {
    get { values.paymentDiscount }
    set { values.paymentDiscount = newValue }
  }

  open override var simulatesAskToBuyInSandbox: Bool {
    get { values.simulatesAskToBuyInSandbox }
    set { values.simulatesAskToBuyInSandbox = newValue }
  }
}
