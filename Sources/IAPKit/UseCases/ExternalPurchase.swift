import IAPCore
import IAPFormats

extension Workspace {
  /// Use case: the customer continues to an external purchase in an app configured for
  /// external purchase (`external-purchase on`), and the system gives the app an external
  /// purchase token (`ExternalPurchase.presentNoticeSheet()` answering
  /// `continuedWithExternalPurchaseToken(token:)`). Unreported when Apple's reporting period
  /// ends, it brings EXTERNAL_PURCHASE_TOKEN UNREPORTED. Refused for an app not configured
  /// for external purchase, as StoreKit refuses an ineligible app.
  package func createExternalPurchaseToken() throws(IAPError) -> ExternalPurchaseToken {
    let catalog = try loadCatalog()
    var opened = try openStore(forWriting: true, catalog: catalog)
    guard opened.settings.externalPurchase else {
      throw .invalidRequest(
        "the app is not configured for external purchase: turn it on with 'iap settings set external-purchase on'")
    }
    let signer = try signer(opened)
    let state = opened.store.state
    // Stable for a scenario replayed with the same secret; the instant and the counts tell
    // one token from the next in the same store.
    let uuid = DerivedIdentifier.uuid(
      key: signer.key,
      label: "external purchase token \(opened.now.milliseconds) \(state.notificationCount) \(state.unreportedTokens.count)")
    // Apple's sandbox tokens' ids begin with SANDBOX, which Apple's library reads as the
    // environment of the notification; only Production's do not.
    let id = signer.environment == .production ? uuid : "SANDBOX_\(uuid)"
    let token = ExternalPurchaseToken(
      externalPurchaseId: id, tokenCreationDate: opened.now, appAppleId: signer.appAppleId, bundleId: catalog.bundleId)
    opened.store.createExternalPurchaseToken(token)
    try opened.commit()
    return token
  }
}
