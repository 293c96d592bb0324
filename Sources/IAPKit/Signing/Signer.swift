import IAPCore
import IAPCrypto
import IAPFormats

/// Signs what the store hands out (signed transactions, renewal info, notifications, the
/// app transaction) as compact JWS, as the environment in force wants it:
///
/// - `Sandbox` and `Production`: ES256 with `x5c`, the state's certificate chain
///   (`SigningChain`), which Apple's `SignedDataVerifier` checks against a trusted root;
/// - `LocalTesting` and `Xcode`: HMAC-SHA256 under the state's secret. Apple's verifiers skip
///   the signature for these, and `iap jws decode` checks the HMAC.
///
/// Receipts are always signed with the HMAC: verifyReceipt, which reads them, is the store's.
public struct Signer: Sendable {
  /// The HMAC key (the signing secret).
  public let key: [UInt8]
  /// The `environment` payloads name.
  public let environment: String
  /// `signedDate`: the store's clock, so a scenario on a set clock signs the same twice.
  public let signedDate: Timestamp
  /// The chain that signs, in Sandbox and Production; nil where the HMAC signs.
  public let chain: SigningChain?
  /// The app's Apple ID, where Apple's payloads carry it.
  public let appAppleId: Int64?
  /// The win-back offers renewal info checks the customer's eligibility for.
  public var winBack: WinBackCatalog?

  public init(key: [UInt8], environment: String, signedDate: Timestamp, chain: SigningChain? = nil, appAppleId: Int64? = nil) {
    self.key = key
    self.environment = environment
    self.signedDate = signedDate
    self.chain = chain
    self.appAppleId = appAppleId
  }

  /// The same signer, dating what it signs `date`.
  public func at(_ date: Timestamp) -> Signer {
    var signer = Signer(key: key, environment: environment, signedDate: date, chain: chain, appAppleId: appAppleId)
    signer.winBack = winBack
    return signer
  }

  static let header = JSONValue.object([("alg", .string("HS256")), ("typ", .string("JWT")), ("kid", .string("iap"))])

  /// A compact JWS of `payload`.
  public func sign(_ payload: JSONValue) -> String {
    if let chain { return chain.sign(payload) }
    return JWS.sign(header: Self.header, payload: payload, key: key)
  }

  /// A compact JWS of `payload` under the HMAC, whatever the environment (receipts).
  public func signWithSecret(_ payload: JSONValue) -> String {
    JWS.sign(header: Self.header, payload: payload, key: key)
  }

  /// `jwsRepresentation` of a transaction that has an outcome to verify (purchased or
  /// restored); nil for the others, which StoreKit never hands out signed.
  public func transaction(_ t: Transaction) -> String? {
    guard t.state == .purchased || t.state == .restored else { return nil }
    return sign(transactionPayload(t))
  }

  /// Signed renewal info of a subscription.
  public func renewalInfo(_ s: Subscription) -> String {
    sign(renewalInfoPayload(s))
  }

  /// The decoded payload of a signed transaction, with the customer's `appTransactionId`.
  public func transactionPayload(_ t: Transaction) -> JSONValue {
    SignedPayloads.transaction(t, environment: environment, signedDate: signedDate, appTransactionId: appTransactionId(account: t.account))
  }

  /// The decoded payload of a subscription's renewal info, with the customer's `appTransactionId`.
  public func renewalInfoPayload(_ s: Subscription) -> JSONValue {
    SignedPayloads.renewalInfo(
      s, environment: environment, signedDate: signedDate, appTransactionId: appTransactionId(account: s.account),
      eligibleWinBackOfferIds: winBack?.eligibleIds(s, at: signedDate) ?? [])
  }

  /// The app transaction id of `account` (a sandbox tester): the one its app transaction
  /// carries, and its transactions and renewal info too (Apple's JWSTransaction and
  /// JWSRenewalInfo have `appTransactionId`). Derived from the secret, so stable.
  public func appTransactionId(account: String) -> String {
    DerivedIdentifier.number(key: key, label: "app transaction \(account)", digits: 15)
  }
}
