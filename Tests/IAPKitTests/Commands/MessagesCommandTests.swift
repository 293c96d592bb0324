import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// `iap messages` and `iap messages dismiss`: what StoreKit's Message API shows at launch
/// (`Message.Reason`: billingIssue, priceIncreaseConsent).
@Suite struct MessagesCommandTests {
  let harness = TestHarness()

  func reasons() -> [String] {
    (harness.run("messages --json").json["messages"]?.arrayValue ?? []).compactMap { $0["reason"]?.stringValue }
  }

  @Test func noSubscriptionNoMessages() {
    #expect(harness.run("messages").stdout == "no messages\n")
    #expect(reasons().isEmpty)
  }

  @Test func aFailingRenewalShowsABillingIssueUntilDismissed() {
    harness.run("settings set billing-retry on")
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(reasons().isEmpty, "nothing is wrong yet")
    harness.run("clock advance 32d")
    #expect(reasons() == ["billingIssue"])
    let dismissed = harness.run("messages dismiss --json")
    #expect(dismissed.json["messages"]?.arrayValue?.count == 1)
    #expect(reasons().isEmpty, "dismissed while the cause lasts")
    #expect(harness.run("messages dismiss").stdout == "no messages to dismiss\n")
  }

  @Test func aPriceIncreaseAwaitingConsentShowsAMessage() {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("subscription price-increase pro.monthly --price 12.99").status == 0)
    #expect(reasons() == ["priceIncreaseConsent"])
    #expect(harness.run("subscription price-increase-consent pro.monthly accept").status == 0)
    #expect(reasons().isEmpty, "consented: nothing to ask")
  }

  @Test func aNewCauseIsANewMessage() {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("subscription price-increase pro.monthly --price 12.99").status == 0)
    #expect(harness.run("messages dismiss").status == 0)
    #expect(reasons().isEmpty)
    #expect(harness.run("subscription price-increase pro.monthly --price 14.99").status == 0)
    #expect(reasons() == ["priceIncreaseConsent"])
  }
}
