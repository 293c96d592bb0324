import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct EntitlementsCommandTests {
  let harness = TestHarness()

  @Test func listsOwnedProductsButNotConsumablesOrExpiredSubscriptions() {
    for id in ["gems", "sword", "pass", "pro.monthly"] { harness.run("buy \(id)") }
    #expect(harness.run("entitlements --json").json.transactions.compactMap { $0["productId"]?.stringValue } == ["sword", "pass", "pro.monthly"])
    harness.run("subscription cancel pro.monthly")
    harness.advance(seconds: 40 * 86_400)
    #expect(harness.run("entitlements").stdout == """
      #2  purchased  sword  2026-01-15T10:00:00Z
      #3  purchased  pass   2026-01-15T10:00:00Z

      """)
  }
}
