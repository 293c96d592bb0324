import Testing

@testable import IAPCore
@testable import IAPFormats

@Suite struct SignedPayloadsTests {
  let t0 = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  func transaction(_ type: ProductType, price: String? = "4.99", username: String? = nil) -> Transaction {
    Transaction(
      id: 7, originalId: 3, productId: "p", productType: type, state: .purchased, quantity: 2, purchaseDate: t0,
      originalPurchaseDate: t0, expirationDate: type == .autoRenewable ? t0.adding(CalendarPeriod(months: 1)) : nil,
      applicationUsername: username, account: "a", device: "d", subscriptionGroup: type == .autoRenewable ? "g" : nil,
      isRenewal: type == .autoRenewable, bundleId: "com.x", storefront: "FRA", price: price, currency: "EUR")
  }

  @Test(arguments: [("4.99", 4990), ("0.99", 990), ("10", 10_000), ("0.005", 5), ("39.999", 39_999)])
  func pricesAreInMilliunits(_ text: String, _ expected: Int64) {
    #expect(SignedPayloads.milliunits(text) == expected)
  }

  @Test func onlyUUIDUsernamesBecomeAppAccountTokens() {
    #expect(SignedPayloads.accountToken("6F1C2A3B-1111-4222-8333-123456789ABC") == "6f1c2a3b-1111-4222-8333-123456789abc")
    #expect(SignedPayloads.accountToken("alice") == nil)
    #expect(SignedPayloads.accountToken(nil) == nil)
  }

  @Test func aRenewalPayloadCarriesWhatApplesDecoderReads() {
    let payload = SignedPayloads.transaction(transaction(.autoRenewable), environment: .localTesting, signedDate: t0)
    #expect(payload["transactionId"] == .string("7"))
    #expect(payload["originalTransactionId"] == .string("3"))
    #expect(payload["type"] == .string("Auto-Renewable Subscription"))
    #expect(payload["transactionReason"] == .string("RENEWAL"))
    #expect(payload["expiresDate"] == .int(1_771_149_600_000))
    #expect(payload["storefrontId"] == .string("143442"))
    #expect(payload["price"] == .int(4990))
    #expect(payload["subscriptionGroupIdentifier"] == .string("g"))
    #expect(payload["webOrderLineItemId"] == .string("7"))
  }

  @Test func aOneTimePurchaseLeavesOutSubscriptionFields() {
    let payload = SignedPayloads.transaction(transaction(.consumable, username: "bob"), environment: .xcode, signedDate: t0)
    #expect(payload["type"] == .string("Consumable"))
    #expect(payload["quantity"] == .int(2))
    #expect(payload["environment"] == .string("Xcode"))
    for absent in ["expiresDate", "subscriptionGroupIdentifier", "webOrderLineItemId", "appAccountToken", "revocationDate"] {
      #expect(payload[absent] == nil, "\(absent)")
    }
  }
}
