import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// `iap products remove-from-sale` and `restore-to-sale`: a product removed from sale is no
/// longer offered, and a subscription to it expires at the end of its period with
/// `expirationIntent` 4 (StoreKit's `ExpirationReason.productUnavailable`: "the product was
/// unavailable for purchase at the time of the renewal") and EXPIRED PRODUCT_NOT_FOR_SALE
/// (`Subtype.PRODUCT_NOT_FOR_SALE` in Apple's App Store Server Library 3.1.2).
@Suite struct ProductSaleCommandTests {
  let harness = TestHarness()

  @Test func aRemovedProductIsNoLongerOffered() {
    #expect(harness.run("products remove-from-sale sword").status == 0)
    #expect(harness.run("products fetch sword gems --json").json["invalidProductIdentifiers"] == .array([.string("sword")]))
    let buy = harness.run("buy sword")
    #expect(buy.status == 1)
    #expect(buy.stderr.contains("storeProductNotAvailable"))
    #expect(buy.stderr.contains("removed from sale"))
    #expect(harness.run("products restore-to-sale sword").status == 0)
    #expect(harness.run("buy sword").status == 0)
  }

  @Test func aSubscriptionRunsItsPeriodThenExpiresWithProductNotForSale() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let removed = harness.run("products remove-from-sale pro.monthly --json")
    #expect(removed.status == 0)
    #expect(removed.json["subscriptions"]?.arrayValue?.count == 1)
    harness.run("clock advance 20d")
    #expect(harness.run("subscription status pro.monthly --json").json["subscriptions"]?.arrayValue?.first?["state"] == .string("subscribed"))
    harness.run("clock advance 20d")
    let status = try #require(harness.run("subscription status pro.monthly --json").json["subscriptions"]?.arrayValue?.first)
    #expect(status["state"] == .string("expired"))
    #expect(status["expirationIntent"] == .int(4))
    let last = try #require(harness.notificationPayloads().last)
    #expect(last["notificationType"] == .string("EXPIRED"))
    #expect(last["subtype"] == .string("PRODUCT_NOT_FOR_SALE"))
    #expect(last["data"]?["renewalInfo"]?["expirationIntent"] == .int(4))
  }

  @Test func restoredToSaleBeforeTheRenewalItRenews() {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("products remove-from-sale pro.monthly").status == 0)
    #expect(harness.run("products restore-to-sale pro.monthly").status == 0)
    harness.run("clock advance 40d")
    #expect(harness.run("subscription status pro.monthly --json").json["subscriptions"]?.arrayValue?.first?["state"] == .string("subscribed"))
  }

  @Test func refusalsChangeNothing() {
    #expect(harness.run("products restore-to-sale sword").status == 1, "it is on sale")
    #expect(harness.run("products remove-from-sale sword").status == 0)
    let again = harness.run("products remove-from-sale sword")
    #expect(again.status == 1)
    #expect(again.stderr.contains("already removed from sale"))
    let unknown = harness.run("products remove-from-sale swrd")
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("not in the catalog"))
  }

  @Test func theRemovalOutlivesLaterCommands() {
    #expect(harness.run("products remove-from-sale sword").status == 0)
    // Enough log to make the store rewrite its snapshot (every 8 KB) on the way.
    for _ in 0..<40 { harness.run("buy gems --finish") }
    #expect(harness.run("buy sword").status == 1)
  }
}
