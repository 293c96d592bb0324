import Foundation

/// What a products request tells its delegate: the response, then (as an
/// `SKRequestDelegate`) that the request finished, or that it failed.
public protocol SKProductsRequestDelegate: SKRequestDelegate {
  /// The store's answer: the products it sells and the identifiers it does not know.
  func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse)
}
