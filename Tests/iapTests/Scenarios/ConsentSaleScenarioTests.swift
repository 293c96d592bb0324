import IAPTesting
import Testing

@testable import IAPFormats

/// Store-side features driven as a user would: RESCIND_CONSENT (`iap consent rescind`),
/// removal from sale, StoreKit messages, and the simulated failures of the other StoreKit APIs.
@Suite struct ConsentSaleScenarioTests {
  let harness = ScenarioFixtures.harness()
  let app = ScenarioFixtures.app
  let monthly = ScenarioFixtures.app + ".pro.monthly"

  init() { harness.run("clock set 2026-01-15T10:00:00Z") }

  @Test func consentRescindSendsRescindConsentAndLeavesTheAccountUnchanged() {
    harness.run("buy \(app).unlock_maps --finish")
    let rescinded = harness.run("consent rescind")
    #expect(rescinded.status == 0)
    #expect(rescinded.out.contains("RESCIND_CONSENT sent"))
    #expect(harness.run("entitlements").out.contains("unlock_maps"))
    #expect(harness.sentTypes() == ["ONE_TIME_CHARGE", "RESCIND_CONSENT"])
    let json = harness.run("consent rescind --json").json
    #expect(json["notificationType"] == .string("RESCIND_CONSENT"))
    #expect(json["appTransactionId"]?.stringValue?.count == 15)
  }

  @Test func aProductRemovedFromSaleIsNoLongerOfferedAndItsSubscriptionExpiresProductNotForSale() {
    harness.run("buy \(monthly) --finish")
    let removed = harness.run("products remove-from-sale \(monthly)")
    #expect(removed.status == 0)
    #expect(removed.out.contains("expires at 2026-02-15T10:00:00Z (PRODUCT_NOT_FOR_SALE)"))
    #expect(harness.run("products fetch \(monthly) --json").json["invalidProductIdentifiers"] == .array([.string(monthly)]))
    let refused = harness.run("--account other buy \(monthly)")
    #expect(refused.status == 1)
    #expect(refused.err.contains("storeProductNotAvailable"))
    #expect(harness.run("products remove-from-sale \(monthly)").status == 1)
    harness.run("clock advance 1M")
    let expired = harness.run("subscription status --json").json["subscriptions"]?.at(0)
    #expect(expired?["state"] == .string("expired"))
    #expect(expired?["expirationIntent"] == .int(4))
    #expect(harness.sentTypes() == ["SUBSCRIBED/INITIAL_BUY", "EXPIRED/PRODUCT_NOT_FOR_SALE"])
    #expect(harness.run("products restore-to-sale \(monthly)").status == 0)
    #expect(harness.run("--account other buy \(monthly)").status == 0)
  }

  @Test func messagesForAPriceIncreaseAndABillingIssueAreShownAndDismissed() {
    #expect(harness.run("messages").out == "no messages")
    harness.run("buy \(monthly) --finish")
    harness.run("subscription price-increase \(monthly) --price 12.99")
    #expect(harness.run("messages --json").json["messages"]?.strings("reason") == ["priceIncreaseConsent"])
    #expect(harness.run("messages dismiss").out == "dismissed 1 message")
    #expect(harness.run("messages").out == "no messages")
    harness.run("--account late settings set billing-retry on")
    harness.run("--account late buy \(monthly) --finish")
    harness.run("clock advance 32d")
    #expect(harness.run("--account late messages").out.contains("billingIssue"))
  }

  @Test func theOtherStoreKitAPIsFailOnDemand() {
    harness.run("buy \(app).coins_1000 --finish")
    let failures = [
      ("fail-app-store-sync", "restore --sync"), ("fail-subscription-status", "subscription status"),
      ("fail-app-transaction", "app-transaction"), ("fail-refund-request", "refund-request 1"),
      ("fail-manage-subscriptions", "subscription manage"),
    ]
    for (setting, command) in failures {
      harness.run("settings set \(setting) cloudServiceNetworkConnectionFailed")
      let failed = harness.run(command)
      #expect(failed.status == 1, "\(command)")
      #expect(failed.err.contains("cloudServiceNetworkConnectionFailed"), "\(command)")
      harness.run("settings set \(setting) off")
      #expect(harness.run(command).status == 0, "\(command)")
    }
    #expect(harness.sentTypes() == ["ONE_TIME_CHARGE", "CONSUMPTION_REQUEST"], "a failed refund request sent nothing")
  }
}
