#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPCrypto
import IAPFormats
import IAPStorage

/// `AppTransaction.shared`: the app transaction, signed, and what a device needs to check it.
package struct AppTransactionResult {
  package var appTransaction: AppTransaction
  /// The compact JWS an app hands its server (`jwsRepresentation`).
  package var signed: String
  /// `AppStore.deviceVerificationID` of this device, lowercased: with the nonce, what
  /// `deviceVerification` hashes.
  package var deviceVerificationID: String
}

extension Workspace {
  /// Use case: StoreKit 2's `AppTransaction.shared` for the account on this device, signed
  /// as the environment signs (ES256 with the state's chain in Sandbox and Production).
  /// Its ids derive from the signing secret, the account and the device, and the nonce from
  /// the store's clock too, so a replayed scenario gives the same token.
  package func appTransaction() throws(IAPError) -> AppTransactionResult {
    let catalog = try loadCatalog()
    let opened = try openStore(forWriting: true, catalog: catalog)
    try SimulatedFailure.check(opened.settings.failAppTransaction, "AppTransaction.shared: the app transaction request")
    let signer = try signer(opened)
    let deviceID = DerivedIdentifier.uuid(key: signer.key, label: "deviceVerificationID \(catalog.bundleId) \(device)")
    let nonce = DerivedIdentifier.uuid(key: signer.key, label: "app transaction nonce \(account) \(device) \(opened.now.milliseconds)")
    let verification = Data(SHA384.hash(Array((nonce + deviceID).utf8))).base64EncodedString()
    var app = try Self.appTransaction(of: account, bundleId: catalog.bundleId, opened: opened, signer: signer)
    app.deviceVerification = verification
    app.deviceVerificationNonce = nonce
    return AppTransactionResult(appTransaction: app, signed: signer.sign(app.payload), deviceVerificationID: deviceID)
  }

  /// The app transaction of `account`, without device verification (no device asked).
  package static func appTransaction(of account: String, bundleId: String, opened: OpenedStore, signer: Signer) throws(IAPError) -> AppTransaction {
    var originalPurchaseDate = AppTransaction.sandboxOriginalPurchaseDate
    if signer.environment != .sandbox {
      // iap has no app download to date: the account's first transaction stands for it,
      // the history read once, as a stream.
      var first: Timestamp?
      try IAPError.ofState(opened.session.latestVersions().forEach { t in
        if t.account == account, first.map({ t.purchaseDate < $0 }) ?? true { first = t.purchaseDate }
      })
      originalPurchaseDate = first ?? opened.now
    }
    var app = AppTransaction(
      environment: signer.environment, bundleId: bundleId, appAppleId: signer.appAppleId,
      appTransactionId: signer.appTransactionId(account: account), originalPurchaseDate: originalPurchaseDate,
      receiptCreationDate: opened.now, deviceVerification: nil, deviceVerificationNonce: nil)
    app.originalPlatform = opened.settings.originalPlatform
    app.preorderDate = opened.settings.preorderDate
    return app
  }
}
