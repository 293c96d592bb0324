import Foundation
import Testing

@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit

/// `askToBuy` of `POST /iap/v1/purchases`: one payment goes through Ask to Buy, as
/// `SKMutablePayment.simulatesAskToBuyInSandbox` asks, while the setting stays off.
@Suite struct PurchaseAskToBuyTests {
  let harness = TestHarness()

  init() {
    harness.write("catalog.plist", TestHarness.plist(products: [TestHarness.product("sword", "nonConsumable", price: "<string>4.99</string>")]))
  }

  @Test func aPurchaseThatAsksToBuyIsDeferredUntilApprovedAndTheNextIsNot() throws {
    let asked = harness.send("POST", "/iap/v1/purchases", #"{"productId": "sword", "askToBuy": true}"#)
    #expect(asked.status == 200)
    let deferred = try #require(asked.jsonBody?["transactions"]?.arrayValue?.last)
    #expect(deferred["state"]?.stringValue == "deferred")
    let id = try #require(deferred["id"]?.stringValue)
    let approved = harness.send("POST", "/iap/v1/transactions/\(id)/approve")
    #expect(approved.jsonBody?["transactions"]?.arrayValue?.last?["state"]?.stringValue == "purchased")
    let settings = harness.send("GET", "/iap/v1/settings").jsonBody
    #expect(settings?["settings"]?["ask-to-buy"]?["value"]?.stringValue == "off")
  }

  @Test func askToBuyFalseLeavesItToTheSetting() throws {
    #expect(harness.send("PATCH", "/iap/v1/settings", #"{"ask-to-buy": true}"#).status == 200)
    let answer = harness.send("POST", "/iap/v1/purchases", #"{"productId": "sword", "askToBuy": false}"#)
    #expect(answer.jsonBody?["transactions"]?.arrayValue?.last?["state"]?.stringValue == "deferred")
  }
}
