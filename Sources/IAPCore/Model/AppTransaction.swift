import IAPFormats

/// StoreKit 2's `AppTransaction`: the signed record of the app's purchase (here, of the
/// account's first use of the store), as Apple's App Store Server Library decodes it.
/// Pure: the identifiers and the device verification value are made by the caller.
package struct AppTransaction: Equatable, Sendable {
  /// `receiptType`: the environment; nil for one kept without it (a RESCIND_CONSENT's, which
  /// takes the signer's when signed).
  package var environment: AppStoreEnvironment?
  package var bundleId: String
  /// The app's Apple ID, when the settings give one.
  package var appAppleId: Int64?
  /// The app transaction's own id: stable for the account.
  package var appTransactionId: String
  /// When the customer got the app (`originalPurchaseDate`): in Sandbox always
  /// `sandboxOriginalPurchaseDate`; elsewhere iap, which has no app download to date, takes
  /// the account's first transaction, else now.
  package var originalPurchaseDate: Timestamp
  /// When this app transaction was made: the store's clock.
  package var receiptCreationDate: Timestamp
  /// Base64 of SHA-384 over the lowercased nonce followed by the lowercased device
  /// verification id, as StoreKit computes it; nil when no device asked (the App Store
  /// Server API's Get App Transaction Info).
  package var deviceVerification: String?
  /// The UUID the device verification value was computed with, lowercased.
  package var deviceVerificationNonce: String?
  /// `originalPlatform`: the platform the customer first got the app on (Apple's values
  /// iOS, macOS, tvOS, visionOS); the `original-platform` setting.
  package var originalPlatform = "iOS"
  /// `preorderDate`: when the customer pre-ordered the app, absent when they did not; the
  /// `preorder-date` setting.
  package var preorderDate: Timestamp?

  /// Apple's AppTransaction.originalPurchaseDate page: in the sandbox the value is always
  /// 2013-08-01 07:00:00 UTC, 1375340400000 ms.
  package static let sandboxOriginalPurchaseDate = Timestamp(milliseconds: 1_375_340_400_000)

  package init(
    environment: AppStoreEnvironment?, bundleId: String, appAppleId: Int64?, appTransactionId: String, originalPurchaseDate: Timestamp,
    receiptCreationDate: Timestamp, deviceVerification: String?, deviceVerificationNonce: String?
  ) {
    self.environment = environment
    self.bundleId = bundleId
    self.appAppleId = appAppleId
    self.appTransactionId = appTransactionId
    self.originalPurchaseDate = originalPurchaseDate
    self.receiptCreationDate = receiptCreationDate
    self.deviceVerification = deviceVerification
    self.deviceVerificationNonce = deviceVerificationNonce
  }

  /// The decoded payload, with Apple's field names; absent values are left out.
  package var payload: JSONValue {
    var members: [(String, JSONValue)] = [("receiptType", .string(environment?.rawValue ?? ""))]
    if let appAppleId { members.append(("appAppleId", .int(appAppleId))) }
    members += [
      ("bundleId", .string(bundleId)),
      ("applicationVersion", .string("1.0")),
      ("versionExternalIdentifier", .int(0)),
      ("receiptCreationDate", .int(receiptCreationDate.milliseconds)),
      ("originalPurchaseDate", .int(originalPurchaseDate.milliseconds)),
      ("originalApplicationVersion", .string("1.0")),
    ]
    if let deviceVerification, let deviceVerificationNonce {
      members += [("deviceVerification", .string(deviceVerification)), ("deviceVerificationNonce", .string(deviceVerificationNonce))]
    }
    members += [
      ("appTransactionId", .string(appTransactionId)),
      ("originalPlatform", .string(originalPlatform)),
      ("signedDate", .int(receiptCreationDate.milliseconds)),
    ]
    if let preorderDate { members.append(("preorderDate", .int(preorderDate.milliseconds))) }
    return .object(members)
  }
}
