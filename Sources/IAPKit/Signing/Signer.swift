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
package struct Signer: Sendable {
  /// The HMAC key (the signing secret).
  package let key: [UInt8]
  /// The `environment` payloads name.
  package let environment: AppStoreEnvironment
  /// `signedDate`: the store's clock, so a scenario on a set clock signs the same twice.
  package let signedDate: Timestamp
  /// The chain that signs, in Sandbox and Production; nil where the HMAC signs.
  package let chain: SigningChain?
  /// The app's Apple ID, where Apple's payloads carry it.
  package let appAppleId: Int64?
  /// The win-back offers renewal info checks the customer's eligibility for.
  package var winBack: WinBackCatalog?

  package init(key: [UInt8], environment: AppStoreEnvironment, signedDate: Timestamp, chain: SigningChain? = nil, appAppleId: Int64? = nil) {
    self.key = key
    self.environment = environment
    self.signedDate = signedDate
    self.chain = chain
    self.appAppleId = appAppleId
  }

  /// The same signer, dating what it signs `date`.
  package func at(_ date: Timestamp) -> Signer {
    var signer = Signer(key: key, environment: environment, signedDate: date, chain: chain, appAppleId: appAppleId)
    signer.winBack = winBack
    return signer
  }

  static let header = JSONValue.object([("alg", .string("HS256")), ("typ", .string("JWT")), ("kid", .string("iap"))])

  /// A compact JWS of `payload`.
  package func sign(_ payload: JSONValue) -> String {
    if let chain { return chain.sign(payload) }
    return JWS.sign(header: Self.header, payload: payload, key: key)
  }

  /// A compact JWS of `payload` under the HMAC, whatever the environment (receipts).
  package func signWithSecret(_ payload: JSONValue) -> String {
    JWS.sign(header: Self.header, payload: payload, key: key)
  }

  /// `jwsRepresentation` of a transaction that has an outcome to verify (purchased or
  /// restored); nil for the others, which StoreKit never hands out signed.
  package func transaction(_ t: Transaction) -> String? {
    guard t.state == .purchased || t.state == .restored else { return nil }
    return sign(transactionPayload(t))
  }

  /// Signed renewal info of a subscription.
  package func renewalInfo(_ s: Subscription) -> String {
    sign(renewalInfoPayload(s))
  }

  /// The decoded payload of a signed transaction, with the customer's `appTransactionId`.
  package func transactionPayload(_ t: Transaction) -> JSONValue {
    SignedPayloads.transaction(t, environment: environment, signedDate: signedDate, appTransactionId: appTransactionId(account: t.account))
  }

  /// The decoded payload of a subscription's renewal info, with the customer's `appTransactionId`.
  package func renewalInfoPayload(_ s: Subscription) -> JSONValue {
    SignedPayloads.renewalInfo(
      s, environment: environment, signedDate: signedDate, appTransactionId: appTransactionId(account: s.account),
      eligibleWinBackOfferIds: winBack?.eligibleIds(s, at: signedDate) ?? [])
  }

  /// The app transaction id of `account` (a sandbox tester): the one its app transaction
  /// carries, and its transactions and renewal info too (Apple's JWSTransaction and
  /// JWSRenewalInfo have `appTransactionId`). Derived from the secret, so stable.
  package func appTransactionId(account: String) -> String {
    DerivedIdentifier.number(key: key, label: "app transaction \(account)", digits: 15)
  }
}
