import Foundation
import IAPTesting
import Testing

@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

/// `GET /iap/v1/storefront`: StoreKit 2's `Storefront.current`, as the settings make it.
@Suite struct StorefrontRouteTests {
  let harness = TestHarness()

  init() {
    harness.write("catalog.plist", TestHarness.plist(products: [TestHarness.product("gems", "consumable", price: "<string>0.99</string>")]))
  }

  @Test func theStorefrontIsTheSettingWithAppleIdAndCurrency() throws {
    let usa = try #require(harness.send("GET", "/iap/v1/storefront").jsonBody)
    #expect(usa["countryCode"]?.stringValue == "USA")
    #expect(usa["id"]?.stringValue == "143441")
    #expect(usa["currency"]?.stringValue == "USD")
    #expect(harness.send("PATCH", "/iap/v1/settings", #"{"storefront": "FRA"}"#).status == 200)
    let france = try #require(harness.send("GET", "/iap/v1/storefront").jsonBody)
    #expect(france["countryCode"]?.stringValue == "FRA")
    #expect(france["id"]?.stringValue == "143442")
    #expect(france["currency"]?.stringValue == "EUR")
  }
}
