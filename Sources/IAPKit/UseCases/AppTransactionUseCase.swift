#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPCrypto
import IAPFormats

/// `AppTransaction.shared`: the app transaction, signed, and what a device needs to check it.
public struct AppTransactionResult {
  public var appTransaction: AppTransaction
  /// The compact JWS an app hands its server (`jwsRepresentation`).
  public var signed: String
  /// `AppStore.deviceVerificationID` of this device, lowercased: with the nonce, what
  /// `deviceVerification` hashes.
  public var deviceVerificationID: String
}

extension Workspace {
  /// Use case: StoreKit 2's `AppTransaction.shared` for the account on this device, signed
  /// as the environment signs (ES256 with the state's chain in Sandbox and Production).
  /// Its ids derive from the signing secret, the account and the device, and the nonce from
  /// the store's clock too, so a replayed scenario gives the same token.
  public func appTransaction() throws(IAPError) -> AppTransactionResult {
    let catalog = try loadCatalog()
    let opened = try openStore(forWriting: true, catalog: catalog)
    let signer = try signer(opened)
    var first: Timestamp?
    // The account's first transaction: the history is read once, as a stream.
    try opened.session.latestVersions().forEach { t in
      if t.account == account, first.map({ t.purchaseDate < $0 }) ?? true { first = t.purchaseDate }
    }
    let deviceID = DerivedIdentifier.uuid(key: signer.key, label: "deviceVerificationID \(catalog.bundleId) \(device)")
    let nonce = DerivedIdentifier.uuid(key: signer.key, label: "app transaction nonce \(account) \(device) \(opened.now.milliseconds)")
    let verification = Data(SHA384.hash(Array((nonce + deviceID).utf8))).base64EncodedString()
    let app = AppTransaction(
      environment: signer.environment, bundleId: catalog.bundleId, appAppleId: signer.appAppleId,
      appTransactionId: DerivedIdentifier.number(key: signer.key, label: "app transaction \(account)", digits: 15),
      originalPurchaseDate: first ?? opened.now, receiptCreationDate: opened.now, deviceVerification: verification,
      deviceVerificationNonce: nonce)
    return AppTransactionResult(appTransaction: app, signed: signer.sign(app.payload), deviceVerificationID: deviceID)
  }
}
