import Foundation
import IAPTesting
import Testing

@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

/// `simulatesAskToBuyInSandbox` on `POST /iap/v1/purchases`: Ask to Buy for one purchase, in
/// the Sandbox environment alone, as Apple applies it.
@Suite struct SandboxAskToBuyTests {
  let harness = TestHarness()

  init() {
    harness.write("catalog.plist", TestHarness.plist(products: [TestHarness.product("sword", "nonConsumable", price: "<string>4.99</string>")]))
  }

  func buy() -> String? {
    let answer = harness.send("POST", "/iap/v1/purchases", #"{"productId": "sword", "simulatesAskToBuyInSandbox": true}"#)
    return answer.jsonBody?["transactions"]?.arrayValue?.last?["state"]?.stringValue
  }

  @Test func itDefersThePurchaseInTheSandboxOnly() {
    #expect(buy() == "purchased")
    #expect(harness.send("POST", "/iap/v1/clear").status == 200)
    #expect(harness.send("PATCH", "/iap/v1/settings", #"{"environment": "Sandbox"}"#).status == 200)
    #expect(buy() == "deferred")
  }
}
