import IAPCore

/// Signs what the store hands out (signed transactions, renewal info, notifications,
/// receipts) with HMAC-SHA256 under the state's secret, as compact JWS.
///
/// Apple signs with ES256 and a certificate chain; the App Store Server Library skips that
/// check for `LocalTesting` and `Xcode` data, and `iap jws decode` checks this HMAC instead.
public struct Signer: Sendable {
  public let key: [UInt8]
  /// The `environment` payloads name: `LocalTesting` or `Xcode`.
  public let environment: String
  /// `signedDate`: the store's clock, so a scenario on a set clock signs the same twice.
  public let signedDate: Timestamp

  public init(key: [UInt8], environment: String, signedDate: Timestamp) {
    self.key = key
    self.environment = environment
    self.signedDate = signedDate
  }

  static let header = JSONValue.object([("alg", .string("HS256")), ("typ", .string("JWT")), ("kid", .string("iap"))])

  /// A compact JWS of `payload`.
  public func sign(_ payload: JSONValue) -> String {
    JWS.sign(header: Self.header, payload: payload, key: key)
  }

  /// `jwsRepresentation` of a transaction that has an outcome to verify (purchased or
  /// restored); nil for the others, which StoreKit never hands out signed.
  public func transaction(_ t: Transaction) -> String? {
    guard t.state == .purchased || t.state == .restored else { return nil }
    return sign(SignedPayloads.transaction(t, environment: environment, signedDate: signedDate))
  }

  /// Signed renewal info of a subscription.
  public func renewalInfo(_ s: Subscription) -> String {
    sign(SignedPayloads.renewalInfo(s, environment: environment, signedDate: signedDate))
  }
}
