import Foundation
import IAPTesting
import Testing

@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

/// A namespace's own catalog (`PUT /iap/v1/catalog`): what a test session's configuration
/// file becomes, sold in that namespace alone.
@Suite struct NamespaceCatalogTests {
  let harness = TestHarness()

  func put(_ target: String, name: String, contents: String) -> HTTPResponse {
    let body = JSONWriter.compact(.object([("name", .string(name)), ("contents", .string(contents))]))
    return harness.send("PUT", target, body)
  }

  func productIds(_ base: String) -> [String] {
    (harness.send("GET", base + "/products").jsonBody?["products"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
  }

  @Test func aNamespaceSellsItsOwnCatalogAndTheOthersKeepTheirs() throws {
    let answer = put("/ns/session-1/iap/v1/catalog", name: "Shop.storekit", contents: StoreKitFixtures.shop)
    #expect(answer.status == 200)
    let shop = productIds("/ns/session-1/iap/v1")
    #expect(shop.contains("com.shop.season") && !shop.contains("gems"))
    #expect(answer.jsonBody?["products"]?.intValue == Int64(shop.count))
    #expect(productIds("/ns/session-2/iap/v1").contains("gems"), "another namespace sells the server's catalog")
    #expect(productIds("/iap/v1").contains("gems"))
    // The shell reaches the same store, and buys from the same catalog (whose settings ask
    // a parent first).
    let bought = harness.run("--namespace session-1 buy com.shop.season")
    #expect(bought.stdout.contains("deferred") && bought.stdout.contains("com.shop.season"), "\(bought.stderr)")
    #expect(harness.run("--namespace session-1 reset").status == 0)
    #expect(productIds("/ns/session-1/iap/v1") == shop, "the catalog outlives a reset")
    #expect(harness.send("DELETE", "/ns/session-1/iap/v1").status == 200)
    #expect(productIds("/ns/session-1/iap/v1").contains("gems"), "and goes with the namespace")
  }

  @Test func anInvalidCatalogIsRefusedAndTheOneBeforeStays() throws {
    #expect(put("/ns/s/iap/v1/catalog", name: "Shop.storekit", contents: StoreKitFixtures.shop).status == 200)
    let before = productIds("/ns/s/iap/v1")
    let refused = put("/ns/s/iap/v1/catalog", name: "Broken.storekit", contents: "{\"products\": 3}")
    #expect(refused.status == 400)
    #expect(refused.jsonBody?["error"]?["message"]?.stringValue?.contains("Broken.storekit") == true)
    #expect(productIds("/ns/s/iap/v1") == before)
  }

  @Test func theStatesOwnStoreKeepsTheServersCatalog() throws {
    let refused = put("/iap/v1/catalog", name: "Shop.storekit", contents: StoreKitFixtures.shop)
    #expect(refused.status == 400)
    #expect(refused.jsonBody?["error"]?["name"]?.stringValue == "usage")
  }
}
