import IAPCore

/// What rescinding consent did: the notification the App Store sent, with the app
/// transaction it carries.
package struct RescindConsentResult {
  package var notification: ServerNotification
  package var appTransaction: AppTransaction
}

extension Workspace {
  /// Use case: the account's parent or guardian withdraws consent for the app (Declared Age
  /// Range), and the App Store sends RESCIND_CONSENT with the account's app transaction.
  package func rescindConsent() throws(IAPError) -> RescindConsentResult {
    let catalog = try loadCatalog()
    var opened = try openStore(forWriting: true, catalog: catalog)
    let signer = try signer(opened)
    let app = try Self.appTransaction(of: account, bundleId: catalog.bundleId, opened: opened, signer: signer)
    let notification = opened.store.rescindConsent(appTransaction: app, at: opened.now)
    try opened.commit()
    return RescindConsentResult(notification: notification, appTransaction: app)
  }
}
