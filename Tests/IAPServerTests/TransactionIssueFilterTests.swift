import Foundation
import IAPTesting
import Testing

@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

/// `GET /transactions?purchaseIssue=`: the interrupted purchases still waiting for the
/// customer, which `SKTestTransaction.hasPurchaseIssue` reports, and which the transaction
/// itself does not show once failed (a declined Ask to Buy request fails the same way).
@Suite struct TransactionIssueFilterTests {
  let harness = TestHarness()

  init() {
    harness.write("catalog.plist", TestHarness.plist(products: [
      TestHarness.product("gems", "consumable", price: "<string>0.99</string>"),
      TestHarness.product("sword", "nonConsumable", price: "<string>4.99</string>"),
    ]))
  }

  func ids(_ query: String) -> [String] {
    let answer = harness.send("GET", "/iap/v1/transactions" + query).jsonBody
    return answer?["transactions"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
  }

  @Test func onlyAnInterruptedPurchaseHasAnIssueUntilItIsResolved() {
    #expect(harness.send("POST", "/iap/v1/purchases", #"{"productId": "gems"}"#).status == 200)
    #expect(harness.send("PATCH", "/iap/v1/settings", #"{"ask-to-buy": true}"#).status == 200)
    #expect(harness.send("POST", "/iap/v1/purchases", #"{"productId": "gems"}"#).status == 200)
    #expect(harness.send("POST", "/iap/v1/transactions/2/decline").status == 200)
    #expect(harness.send("PATCH", "/iap/v1/settings", #"{"ask-to-buy": null, "interrupted-purchases": true}"#).status == 200)
    #expect(harness.send("POST", "/iap/v1/purchases", #"{"productId": "sword"}"#).status == 200)

    #expect(ids("?purchaseIssue=true") == ["3"], "the declined request failed too, without an issue")
    #expect(ids("?purchaseIssue=false") == ["1", "2"])
    #expect(harness.send("POST", "/iap/v1/transactions/3/resolve").status == 200)
    #expect(ids("?purchaseIssue=true").isEmpty)
    #expect(ids("?purchaseIssue=false&productId=sword") == ["3", "4"], "the issue resolved, and the purchase it made")
    #expect(harness.send("GET", "/iap/v1/transactions?purchaseIssue=maybe").status == 400)
  }
}
