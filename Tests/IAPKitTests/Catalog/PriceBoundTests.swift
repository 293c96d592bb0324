import Foundation
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPCrypto

/// A catalog price of 9223372036854776 or more cannot be carried in milliunits (signed
/// payloads carry prices in thousandths as 64-bit integers), so every `--json` command would
/// trap converting it. The catalog refuses such prices, lint names them, and
/// the conversion itself can no longer trap.
@Suite struct PriceBoundTests {
  typealias F = StoreKitFixtures
  let harness = TestHarness(catalog: nil)
  static let tooHigh = "9223372036854776"
  static let bound = "a price of at most 9223372036854775.807 (prices are carried in thousandths as 64-bit integers)"

  @Test func theHighestPriceIsInt64MaxMilliunits() {
    #expect(Product.maximumPrice == Decimal(string: "9223372036854775.807"))
    #expect(SignedPayloads.milliunits("9223372036854775.807") == Int64.max)
  }

  @Test(arguments: ["9223372036854776", "9223372036854775.808", "99999999999999999999", "-1"])
  func milliunitsThatDoNotFitAreNil(_ text: String) {
    #expect(SignedPayloads.milliunits(text) == nil)
  }

  @Test(arguments: ["<string>9223372036854776</string>", "<integer>9223372036854775807</integer>", "<real>1e20</real>"])
  func aPlistPriceAboveTheBoundIsACatalogError(_ price: String) {
    harness.write("catalog.plist", TestHarness.plist(products: [TestHarness.product("a", "consumable", price: price)]))
    let result = harness.run("catalog lint")
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("error: catalog.plist: products[0] (a): price: expected \(Self.bound), got "))
    #expect(harness.run("buy a --json").status == 65, "the catalog is refused, not trapped on")
    #expect(!FileManager.default.fileExists(atPath: harness.directory + "/.iap"), "nothing stored")
  }

  @Test func thePriceAtTheBoundIsAccepted() {
    harness.write("catalog.plist", TestHarness.plist(products: [TestHarness.product("a", "consumable", price: "<string>9223372036854775.807</string>")]))
    #expect(harness.run("catalog lint").status == 0)
    let bought = harness.run("buy a --json")
    #expect(bought.status == 0)
    let jws = bought.json.transactions[1]["jwsRepresentation"]?.stringValue ?? ""
    let payload = try? JWS.decode(jws, key: nil).payload
    #expect(payload?["price"] == .int(Int64.max))
  }

  @Test func anIntroductoryOfferPriceAboveTheBoundIsACatalogError() {
    let offer = "<key>introductoryOffer</key><dict><key>paymentMode</key><string>payAsYouGo</string><key>period</key><string>P1M</string><key>numberOfPeriods</key><integer>1</integer><key>price</key><string>\(Self.tooHigh)</string></dict>"
    let product = TestHarness.product(
      "s", "autoRenewable", price: "<string>1</string>",
      extra: "<key>subscriptionGroup</key><string>g</string><key>subscriptionPeriod</key><string>P1M</string>\(offer)")
    harness.write("catalog.plist", TestHarness.plist(products: [product]))
    let result = harness.run("catalog lint")
    #expect(result.status == 65)
    #expect(result.stderr.contains("introductoryOffer.price: expected \(Self.bound), got \"\(Self.tooHigh)\""))
  }

  @Test func aStoreKitPriceAboveTheBoundIsACatalogError() {
    harness.write("Shop.storekit", F.file(#""products" : [ \#(F.product("p", price: "\"\(Self.tooHigh)\"")) ]"#))
    let result = harness.run("catalog lint Shop.storekit")
    #expect(result.status == 65)
    #expect(result.stderr.contains("displayPrice: expected \(Self.bound), got \"\(Self.tooHigh)\""))
  }
}
