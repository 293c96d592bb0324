import Foundation
import IAPFormats

/// StoreKit's `AppTransaction`: the signed record of the customer's purchase of the app,
/// every field read from the store's signed app transaction (`GET /app-transaction`). The
/// store has no app download to date: `originalPurchaseDate` is the customer's first
/// transaction (or, in the sandbox, Apple's fixed sandbox date). Equal values are the same
/// signed value.
public struct AppTransaction: Equatable, Hashable, Sendable {
  /// The app's Apple ID; nil outside Production, or when the store's `app-apple-id` is unset.
  public let appID: UInt64?
  /// The app version's identifier in the App Store; nil (0 in the payload) outside Production.
  public let appVersionID: UInt64?
  /// The app version the customer has (`CFBundleVersion`).
  public let appVersion: String
  /// The app's bundle identifier.
  public let bundleID: String
  /// The environment that signed it.
  public let environment: AppStore.Environment
  /// The app version the customer first got.
  public let originalAppVersion: String
  /// When the customer first got the app.
  public let originalPurchaseDate: Date
  /// When the customer pre-ordered the app; nil when they did not.
  public let preorderDate: Date?
  /// SHA-384 of `deviceVerificationNonce` and this device's `AppStore.deviceVerificationID`.
  public let deviceVerification: Data
  /// The nonce of `deviceVerification`.
  public let deviceVerificationNonce: UUID
  /// When the App Store signed it.
  public let signedDate: Date
  /// The customer's app transaction identifier, unique to the customer and the app.
  public let appTransactionID: String
  /// The platform the customer first got the app on.
  public let originalPlatform: AppStore.Platform
  /// The signed payload's JSON.
  public var jsonRepresentation: Data { signed.payloadData }

  /// The signed value this was read from.
  let signed: SignedValue

  /// Whether both are the same signed value.
  public static func == (lhs: AppTransaction, rhs: AppTransaction) -> Bool { lhs.signed == rhs.signed }
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(signed) }

  /// The platform's name.
  @available(*, deprecated, message: "Use originalPlatform")
  public var originalPlatformStringRepresentation: String { originalPlatform.rawValue }

  /// The app transaction of a signed payload; nil when a member StoreKit requires is missing.
  init?(payload p: JSONValue, signed: SignedValue) {
    guard let bundle = p.string("bundleId"), let signedDate = p.date("signedDate") else { return nil }
    appID = p.uint64("appAppleId")
    appVersionID = p.uint64("versionExternalIdentifier").flatMap { $0 == 0 ? nil : $0 }
    appVersion = p.string("applicationVersion") ?? ""
    bundleID = bundle
    environment = AppStore.Environment(payloadName: p.string("receiptType") ?? "")
    originalAppVersion = p.string("originalApplicationVersion") ?? ""
    originalPurchaseDate = p.date("originalPurchaseDate") ?? signedDate
    preorderDate = p.date("preorderDate")
    deviceVerification = p.base64("deviceVerification") ?? Data()
    deviceVerificationNonce = p.uuid("deviceVerificationNonce") ?? UUID.zero
    self.signedDate = signedDate
    appTransactionID = p.string("appTransactionId") ?? ""
    originalPlatform = AppStore.Platform(rawValue: p.string("originalPlatform") ?? "iOS")
    self.signed = signed
  }

  /// The customer's app transaction, signed by the store. Throws `StoreKitError`
  /// (`networkError` when the store cannot be reached; the store's `fail-app-transaction`
  /// error otherwise).
  public static var shared: VerificationResult<AppTransaction> {
    get async throws { try await fetch() }
  }

  /// The app transaction asked of the store again. Throws as `shared`.
  public static func refresh() async throws -> VerificationResult<AppTransaction> { try await fetch() }

  /// `GET /app-transaction`, checked against the store's keys.
  static func fetch() async throws -> VerificationResult<AppTransaction> {
    let store = try StoreErrors.resolve()
    do throws(StoreConnectionError) {
      guard let jws = try await store.call("GET", "/app-transaction").string("signedAppTransaction") else {
        throw StoreConnectionError(status: 0, name: "invalidAnswer", message: "the store answered no signed app transaction")
      }
      // Off the cooperative pool: the first check fetches the store's keys.
      let checked = try await StoreConnection.offPool { () throws(StoreConnectionError) in try store.verifier.check(jws) }.get()
      guard let signed = SignedValue(jws), let app = AppTransaction(payload: checked.payload, signed: signed) else {
        throw StoreConnectionError(status: 0, name: "malformedJWS", message: "the store signed an app transaction StoreKit cannot read")
      }
      return checked.failure.map { .unverified(app, $0.verificationError(for: AppTransaction.self)) } ?? .verified(app)
    } catch {
      throw StoreErrors.storeKitError(error, .appTransaction, store)
    }
  }
}
