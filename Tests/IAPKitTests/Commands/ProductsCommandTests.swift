import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct ProductsCommandTests {
  let harness = TestHarness()

  @Test func listShowsEveryProductWithItsFormattedPrice() {
    let result = harness.run("products list")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 12)
    #expect(lines[0] == "gems         consumable     $0.99   Title of gems")
    #expect(lines[1] == "    About gems")
    #expect(lines[6] == "retired      nonConsumable  $1.00   Title of retired  (not cleared for sale)")
  }

  @Test func listJSONCarriesPriceAsAStringAndTheDisplayPrice() {
    let products = harness.run("products list --json --locale de_DE").json["products"]?.arrayValue ?? []
    #expect(products.count == 6)
    #expect(products[0]["price"] == .string("0.99"))
    #expect(products[0]["displayPrice"] == .string("0,99\u{a0}€"))
    #expect(products[0]["currency"] == .string("EUR"))
    #expect(products[0]["locale"] == .string("de_DE"))
    #expect(products[4]["subscriptionPeriod"] == .string("P1M"))
  }

  @Test func fetchAnswersLikeSKProductsRequest() {
    let json = harness.run("products fetch sword nope retired sword --json").json
    #expect(json["products"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["sword"])
    #expect(json["invalidProductIdentifiers"] == .array([.string("nope"), .string("retired")]))
    let text = harness.run("products fetch nope").stdout
    #expect(text == "invalidProductIdentifiers: nope\n")
  }

  @Test func fetchReadsIdentifiersFromAnAppsPlist() {
    harness.write("ids.plist", "<plist><array><string>gems</string><string>gone</string></array></plist>")
    let json = harness.run("products fetch --ids-from ids.plist pass --json").json
    #expect(json["products"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["pass", "gems"])
    #expect(json["invalidProductIdentifiers"] == .array([.string("gone")]))
    #expect(harness.run("products fetch --ids-from none.plist").status == 66)
  }

  @Test func fetchNeedsIdentifiers() {
    #expect(harness.run("products fetch").status == 64)
  }
}
