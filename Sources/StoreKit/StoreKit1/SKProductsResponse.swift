import Foundation

/// A products request's answer.
open class SKProductsResponse: NSObject, @unchecked Sendable {
  private let found: [SKProduct]
  private let invalid: [String]

  /// An empty answer: for a subclass that supplies its own.
  public override init() {
    (found, invalid) = ([], [])
    super.init()
  }

  init(products: [SKProduct], invalidProductIdentifiers: [String]) {
    (found, invalid) = (products, invalidProductIdentifiers)
    super.init()
  }

  /// The products the store sells among those asked for.
  open var products: [SKProduct] { found }
  /// The identifiers asked for that the store does not sell (unknown, or not cleared for sale).
  open var invalidProductIdentifiers: [String] { invalid }
}
