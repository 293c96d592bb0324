import Foundation
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// `iap messages` and `iap messages dismiss`: what StoreKit's Message API shows at launch
/// (`Message.Reason`: billingIssue, priceIncreaseConsent, winBackOffer, generic), and
/// `iap messages send`.
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

  @Test func theAppStoreSendsAGenericMessageUntilDismissed() {
    #expect(harness.run("messages send").stdout == "sent message generic/1\n")
    #expect(reasons() == ["generic"])
    let listed = harness.run("messages --json").json["messages"]?.arrayValue?.first
    #expect(listed?["id"]?.stringValue == "generic/1" && listed?["productId"] == .null)
    #expect(harness.run("messages").stdout == "generic  generic/1: a message from the App Store\n")
    #expect(harness.run("messages dismiss").stdout == "dismissed 1 message\n")
    #expect(reasons().isEmpty)
    #expect(harness.run("messages send --json").json["messages"]?.arrayValue?.first?["id"]?.stringValue == "generic/2")
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

  /// With the bundled catalog's win-back offer: a customer lapsed a month gets the
  /// `winBackOffer` message naming it, until dismissed.
  @Test func aLapsedCustomerSeesTheWinBackOffer() throws {
    let bundled = try String(contentsOf: Repository.root.appendingPathComponent("catalog.plist"), encoding: .utf8)
    let harness = TestHarness(catalog: bundled)
    harness.run("buy com.example.fakegame.pro.monthly --finish")
    harness.run("subscription cancel com.example.fakegame.pro.monthly")
    harness.run("clock advance 2M")
    let messages = harness.run("messages --json").json["messages"]?.arrayValue ?? []
    #expect(messages.map { $0["reason"] } == [.string("winBackOffer")])
    #expect(messages.first?["offerId"] == .string("comeback.free_month"))
    #expect(harness.run("messages").stdout.contains("win-back offer comeback.free_month"))
    harness.run("messages dismiss")
    #expect(harness.run("messages").stdout == "no messages\n")
  }
}
