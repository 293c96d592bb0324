import IAPCore
import IAPFormats

extension Workspace {
  /// Use case: a POST to `verifyReceipt` (`/verifyReceipt`, production, or
  /// `/sandbox/verifyReceipt`): the JSON body's `receipt-data` and `password` answered as
  /// `iap receipt verify` answers them. A body that is not such JSON is status 21002, as
  /// Apple answers malformed data; a failure of the store itself is 21009 (internal data
  /// access error).
  package func verifyReceiptEndpoint(_ body: [UInt8], production: Bool) -> JSONValue {
    guard let json = try? JSONParser.parse(body), let data = json["receipt-data"]?.stringValue else {
      return .object([("status", .int(21002))])
    }
    var request = VerifyReceiptRequest()
    request.data = .text(data)
    request.password = json["password"]?.stringValue
    request.production = production
    do { return try verifyReceipt(request).response } catch { return .object([("status", .int(21009))]) }
  }
}
