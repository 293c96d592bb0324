import Testing

@testable import IAPCore
@testable import IAPFormats

/// RESCIND_CONSENT (App Store Server Notifications 2.19) on the pure store.
@Suite struct StoreConsentTests {
  let start = SubscribedStore.start

  @Test func rescindingConsentSendsTheAppTransactionAndChangesNothingElse() {
    var store = SubscribedStore.make()
    let app = AppTransaction(
      environment: .sandbox, bundleId: "com.example", appAppleId: nil, appTransactionId: "123", originalPurchaseDate: start,
      receiptCreationDate: start, deviceVerification: nil, deviceVerificationNonce: nil)
    let before = store.state.accounts
    let notification = store.rescindConsent(appTransaction: app, at: start)
    #expect(notification.type == .rescindConsent && notification.transaction == nil && notification.appTransaction == app)
    #expect(notification.appBundleId == "com.example")
    #expect(store.state.accounts == before)
  }
}
