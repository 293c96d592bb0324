import Foundation
import IAPFormats

/// Asks the store for a new app receipt (`POST /iap/v1/receipt/refresh`); its delegate hears
/// `requestDidFinish(_:)`, or `request(_:didFailWithError:)`.
///
/// Where the receipt is: on Apple's platforms at `Bundle.main.appStoreReceiptURL`, which
/// Foundation on Linux answers nil and which cannot be changed. Here the receipt stays in
/// the store: `GET /iap/v1/receipt?base64=true` answers its data, Base64-encoded (what an
/// app sends its server to check with `verifyReceipt`), and `GET /iap/v1/receipt` its
/// decoded content.
open class SKReceiptRefreshRequest: SKRequest {
  private let properties: [String: Any]?

  /// A refresh of the receipt as it is.
  public override init() {
    properties = nil
    super.init()
  }

  /// A refresh asking the sandbox for a test receipt with these properties
  /// (`SKReceiptPropertyIsExpired`, `SKReceiptPropertyIsRevoked`,
  /// `SKReceiptPropertyIsVolumePurchase`). The store keeps one receipt per account and makes
  /// no test receipts: the properties are kept here and do not change the receipt.
  public init(receiptProperties properties: [String: Any]?) {
    self.properties = properties
    super.init()
  }

  /// The properties the request was made with.
  open var receiptProperties: [String: Any]? { properties }

  override func send(to connection: StoreConnection) throws(StoreConnectionError) -> JSONValue {
    try connection.callBlocking("POST", "/receipt/refresh")
  }
}

/// A receipt property: whether the test receipt is expired (a Boolean `NSNumber`).
public let SKReceiptPropertyIsExpired = "expired"
/// A receipt property: whether the test receipt is revoked (a Boolean `NSNumber`).
public let SKReceiptPropertyIsRevoked = "revoked"
/// A receipt property: whether the test receipt is a volume purchase (a Boolean `NSNumber`).
public let SKReceiptPropertyIsVolumePurchase = "vpp"
