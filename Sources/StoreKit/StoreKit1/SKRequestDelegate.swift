import Foundation

/// What a request tells its delegate when it ends. Both methods are optional, as in Apple's
/// protocol: a conforming type implements the ones it needs, and the others do nothing.
public protocol SKRequestDelegate: NSObjectProtocol {
  /// The request finished (after the response of a products request).
  func requestDidFinish(_ request: SKRequest)
  /// The request failed; `error` is an `SKError`.
  func request(_ request: SKRequest, didFailWithError error: any Error)
}

/// The optional methods' defaults: a delegate that does not implement one ignores what it says.
extension SKRequestDelegate {
  /// Does nothing.
  public func requestDidFinish(_ request: SKRequest) {}
  /// Does nothing.
  public func request(_ request: SKRequest, didFailWithError error: any Error) {}
}
