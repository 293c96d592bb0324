import Foundation
import IAPFormats

/// Asks the store for products by identifier (`GET /iap/v1/products?id=…`): its delegate,
/// an `SKProductsRequestDelegate`, gets `productsRequest(_:didReceive:)` then
/// `requestDidFinish(_:)`, or `request(_:didFailWithError:)` (the store's `fail-load-products`
/// setting, or a store that cannot be reached).
open class SKProductsRequest: SKRequest {
  /// The identifiers asked for.
  private let identifiers: Set<String>

  /// A request for these products; `start()` sends it.
  public init(productIdentifiers: Set<String>) {
    identifiers = productIdentifiers
    super.init()
  }

  override func send(to connection: StoreConnection) throws(StoreConnectionError) -> JSONValue {
    // No identifiers asks for nothing: the store would answer every product.
    guard !identifiers.isEmpty else { return .object([("products", .array([])), ("invalidProductIdentifiers", .array([]))]) }
    let query = identifiers.sorted().map { "id=" + StoreConnection.escape($0) }.joined(separator: "&")
    return try connection.callBlocking("GET", "/products?" + query)
  }

  override func deliver(_ answer: JSONValue) {
    let products = (answer["products"]?.arrayValue ?? []).compactMap(SKProduct.init(store:))
    let invalid = (answer["invalidProductIdentifiers"]?.arrayValue ?? []).compactMap(\.stringValue)
    (delegate as? SKProductsRequestDelegate)?.productsRequest(self, didReceive: SKProductsResponse(products: products, invalidProductIdentifiers: invalid))
  }
}
