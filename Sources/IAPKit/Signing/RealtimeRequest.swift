import IAPCore
import IAPFormats

/// The request the App Store sends a Get Retention Message endpoint when a customer is about
/// to cancel a subscription (`RealtimeRequestBody`): `signedPayload`, a JWS of the
/// subscription, the device's locale and a request identifier, which Apple's
/// `verify_and_decode_realtime_request` decodes.
package struct RealtimeRequest: Equatable, Sendable {
  package var originalTransactionId: String
  package var productId: String
  package var userLocale: String
  /// A lowercase UUID, new for each request.
  package var requestIdentifier: String

  package init(originalTransactionId: String, productId: String, userLocale: String, requestIdentifier: String) {
    self.originalTransactionId = originalTransactionId
    self.productId = productId
    self.userLocale = userLocale
    self.requestIdentifier = requestIdentifier
  }

  /// The decoded payload. Apple's always names the app; iap names it 0 while the catalog
  /// gives no `appAppleId`, as Apple's decoder requires the member.
  package func payload(_ signer: Signer) -> JSONValue {
    .object([
      ("originalTransactionId", .string(originalTransactionId)), ("appAppleId", .int(signer.appAppleId ?? 0)),
      ("productId", .string(productId)), ("userLocale", .string(userLocale)), ("requestIdentifier", .string(requestIdentifier)),
      ("signedDate", .int(signer.signedDate.milliseconds)), ("environment", .string(signer.environment.rawValue)),
    ])
  }

  /// `signedPayload`: the payload signed as the store signs notifications.
  package func signed(by signer: Signer) -> String { signer.sign(payload(signer)) }
}
