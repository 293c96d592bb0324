import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct BuyCommandTests {
  let harness = TestHarness()

  @Test func printsPurchasingThenTheOutcomeAndLeavesItQueued() {
    let result = harness.run("buy gems --quantity 3 --username alice")
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout == """
      #1  purchasing  gems  ×3  2026-01-15T10:00:00Z  user "alice"
      #1  purchased   gems  ×3  2026-01-15T10:00:00Z  user "alice"

      """)
    #expect(harness.run("queue").stdout == "#1  purchased  gems  ×3  2026-01-15T10:00:00Z  user \"alice\"\n")
  }

  @Test func jsonHasExactlyTheDocumentedKeys() {
    let json = harness.run("buy sword --json").json
    #expect(json.objectValue?.map(\.0) == ["transactions"])
    let states = json.transactions.map { $0["state"]?.stringValue }
    #expect(states == ["purchasing", "purchased"])
    let outcome = json.transactions[1]
    #expect(outcome.objectValue?.map(\.0) == [
      "id", "originalId", "productId", "productType", "state", "quantity", "purchaseDate", "originalPurchaseDate",
      "expirationDate", "revocationDate", "revocationReason", "applicationUsername", "error", "orderId", "refundRequest",
      "refundReversalDate", "inAppOwnershipType", "offer", "jwsRepresentation",
    ])
    #expect(outcome["id"] == .string("1"))
    #expect(outcome["originalId"] == .string("1"))
    #expect(outcome["productType"] == .string("nonConsumable"))
    #expect(outcome["quantity"] == .int(1))
    #expect(outcome["purchaseDate"] == .string("2026-01-15T10:00:00Z"))
    #expect(outcome["expirationDate"] == .null)
    #expect(outcome["applicationUsername"] == .null)
    #expect(outcome["error"] == .null)
  }

  @Test func finishRemovesItFromTheQueueAtOnce() {
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(harness.run("queue").stdout == "")
    #expect(harness.run("history --json").json.transactions.count == 1)
  }

  @Test func anOwnedNonConsumableComesBackRestoredWithoutACharge() {
    harness.run("buy sword --finish")
    harness.advance(seconds: 60)
    let json = harness.run("buy sword --json").json
    let outcome = json.transactions[1]
    #expect(outcome["state"] == .string("restored"))
    #expect(outcome["id"] == .string("2"))
    #expect(outcome["originalId"] == .string("1"))
    #expect(outcome["originalPurchaseDate"] == .string("2026-01-15T10:00:00Z"))
    #expect(outcome["purchaseDate"] == .string("2026-01-15T10:01:00Z"))
  }

  /// An id without its prefix fails as StoreKit's SKPayment of an unknown product does (a
  /// failed transaction the app finishes), and names the full id.
  @Test func anIdWithoutItsPrefixNamesTheFullId() {
    let result = harness.run("buy monthly")
    #expect(result.status == 1)
    #expect(result.stderr == "error: purchase failed: storeProductNotAvailable (5): product 'monthly' is not in the catalog (did you mean 'pro.monthly'?)\n")
    #expect(harness.run("queue").stdout.contains("failed  monthly"))
  }

  @Test func anUnknownProductFailsWithStoreProductNotAvailable() {
    let result = harness.run("buy swrd")
    #expect(result.status == 1)
    #expect(result.stdout.contains("#1  failed      swrd"))
    #expect(result.stderr == "error: purchase failed: storeProductNotAvailable (5): product 'swrd' is not in the catalog (did you mean 'sword'?)\n")
    let json = harness.run("buy retired --json")
    #expect(json.status == 1)
    let error = json.json.transactions[1]["error"]
    #expect(error == .object([
      ("code", .int(5)), ("name", .string("storeProductNotAvailable")),
      ("message", .string("product 'retired' is not cleared for sale")),
    ]))
    #expect(json.json["error"]?["name"] == .string("storeProductNotAvailable"))
    #expect(json.json["error"]?["exitCode"] == .int(1))
    #expect(harness.run("queue --json").json.transactions.count == 2, "failed transactions wait to be finished")
  }

  @Test(arguments: ["--quantity 11", "--quantity 0", "--quantity 9223372036854775807", "--quantity=-3"])
  func quantityOutsideOneToTenIsPaymentInvalid(_ option: String) {
    let result = harness.run("buy gems \(option) --json")
    #expect(result.status == 1)
    #expect(result.json.transactions[1]["error"]?["name"] == .string("paymentInvalid"))
  }

  /// `--quantity 2^63` is a usage error, not clamped to Int.max and recorded as a failed
  /// payment of a quantity nobody asked for.
  @Test(arguments: ["9223372036854775808", "-9223372036854775809", "99999999999999999999"])
  func aQuantityBeyondTheIntegerRangeIsAUsageError(_ value: String) {
    let result = harness.run(["buy", "gems", "--quantity", value])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("error: invalid value for '--quantity <n>': \(value) is outside the integer range "))
    #expect(harness.run("history").stdout == "", "a usage error changes nothing")
  }

  @Test func quantityAboveOneIsOnlyForConsumables() {
    let result = harness.run("buy pass --quantity 2")
    #expect(result.status == 1)
    #expect(result.stderr.contains("paymentInvalid (3): quantity 2 is only allowed for consumables; 'pass' is nonRenewing"))
  }

  @Test(arguments: ["abc", "1.5", "", "2x"])
  func aQuantityThatIsNotAnIntegerIsAUsageError(_ value: String) {
    let result = harness.run(["buy", "gems", "--quantity", value])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("error: invalid value for '--quantity <n>': expected an integer, got '\(value)'\n"))
    #expect(harness.run("history").stdout == "", "a usage error changes nothing")
  }

  @Test func aSubscriptionGetsAnExpirationDate() {
    let outcome = harness.run("buy pro.monthly --json").json.transactions[1]
    #expect(outcome["expirationDate"] == .string("2026-02-15T10:00:00Z"))
  }
}
