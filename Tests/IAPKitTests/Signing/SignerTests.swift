import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPKit

/// The signer hands out a JWS only for what has an outcome (the payloads themselves:
/// `SignedPayloadsTests`).
@Suite struct SignerTests {
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  @Test func onlyTransactionsWithAnOutcomeAreSigned() {
    let signer = Signer(key: Array("k".utf8), environment: .localTesting, signedDate: t0)
    var t = Transaction(
      id: 7, originalId: 7, productId: "p", productType: .nonConsumable, state: .purchased, quantity: 1, purchaseDate: t0,
      originalPurchaseDate: t0, account: "a", device: "d", bundleId: "com.x", storefront: "FRA", price: "4.99", currency: "EUR")
    #expect(signer.transaction(t) != nil)
    for state in [TransactionState.failed, .deferred, .purchasing] {
      t.state = state
      #expect(signer.transaction(t) == nil)
    }
  }
}
