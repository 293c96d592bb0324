import Foundation
import IAPTesting
import Testing

@testable import IAPCrypto
@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

/// `purchaseDate` and `renewalBehavior` on `POST /iap/v1/purchases` (StoreKitTest's
/// `purchaseDate(_:renewalBehavior:)`): a purchase made earlier, whose subscription periods
/// run from that date to now in the same request. The harness's clock is 2026-01-15T10:00:00Z.
@Suite struct PurchaseDateTests {
  let harness = TestHarness()

  func buy(_ body: String) -> HTTPResponse { harness.send("POST", "/iap/v1/purchases", body) }

  /// Every transaction of the account, oldest first.
  func transactions() -> [JSONValue] {
    harness.send("GET", "/iap/v1/transactions").jsonBody?["transactions"]?.arrayValue ?? []
  }

  /// The account's subscription to `pro.monthly`.
  func subscription() -> JSONValue? {
    harness.send("GET", "/iap/v1/status").jsonBody?["subscriptions"]?.arrayValue?.first { $0["productId"]?.stringValue == "pro.monthly" }
  }

  @Test func aOneTimePurchaseIsDatedWhenItWasMade() throws {
    #expect(buy(#"{"productId": "gems"}"#).status == 200)
    let answer = buy(#"{"productId": "sword", "purchaseDate": "2025-12-01T08:30:00.250Z"}"#)
    #expect(answer.status == 200)
    let bought = answer.jsonBody?["transactions"]?.arrayValue?.last
    #expect(bought?["state"]?.stringValue == "purchased")
    #expect(bought?["purchaseDate"]?.stringValue == "2025-12-01T08:30:00Z")
    #expect(bought?["originalPurchaseDate"]?.stringValue == "2025-12-01T08:30:00Z")
    let jws = try #require(bought?["jwsRepresentation"]?.stringValue)
    let payload = try JWS.decode(jws, key: nil).payload
    #expect(payload["purchaseDate"]?.intValue == Timestamp(iso8601: "2025-12-01T08:30:00.250Z")?.milliseconds, "signed to the millisecond")
    #expect(transactions().map { $0["id"]?.stringValue } == ["1", "2"], "the next id, though dated before the first purchase")
  }

  @Test func aSubscriptionBoughtEarlierRenewsUntilNowInTheSameRequest() {
    let answer = buy(#"{"productId": "pro.monthly", "purchaseDate": "2025-11-10T10:00:00Z"}"#)
    #expect(answer.status == 200)
    #expect(answer.jsonBody?["transactions"]?.arrayValue?.last?["expirationDate"]?.stringValue == "2025-12-10T10:00:00Z")
    let all = transactions()
    #expect(all.map { $0["purchaseDate"]?.stringValue } == ["2025-11-10T10:00:00Z", "2025-12-10T10:00:00Z", "2026-01-10T10:00:00Z"])
    #expect(all.allSatisfy { $0["originalId"]?.stringValue == "1" })
    let subscribed = subscription()
    #expect(subscribed?["state"]?.stringValue == "subscribed")
    #expect(subscribed?["autoRenewStatus"]?.boolValue == true)
    #expect(subscribed?["expirationDate"]?.stringValue == "2026-02-10T10:00:00Z")
  }

  @Test func cancelImmediatelyGivesOnePeriodThatDoesNotRenew() {
    let answer = buy(#"{"productId": "pro.monthly", "purchaseDate": "2025-11-10T10:00:00Z", "renewalBehavior": "cancelImmediately"}"#)
    #expect(answer.status == 200)
    #expect(transactions().count == 1)
    let expired = subscription()
    #expect(expired?["state"]?.stringValue == "expired")
    #expect(expired?["autoRenewStatus"]?.boolValue == false)
    #expect(expired?["expirationDate"]?.stringValue == "2025-12-10T10:00:00Z")

    // Bought now, it keeps its period and ends with it.
    #expect(harness.send("POST", "/iap/v1/clear").status == 200)
    #expect(buy(#"{"productId": "pro.monthly", "renewalBehavior": "cancelImmediately"}"#).status == 200)
    #expect(subscription()?["state"]?.stringValue == "subscribed")
    #expect(subscription()?["autoRenewStatus"]?.boolValue == false)
  }

  @Test(arguments: [
    #"{"productId": "sword", "purchaseDate": "2026-01-16T00:00:00Z"}"#,
    #"{"productId": "sword", "purchaseDate": "yesterday"}"#,
    #"{"productId": "sword", "renewalBehavior": "renewForever"}"#,
  ])
  func aDateAfterNowOrNotADateIsRefused(_ body: String) {
    let answer = buy(body)
    #expect(answer.status == 400)
    #expect(answer.jsonBody?["error"]?["name"]?.stringValue == "usage")
    #expect(transactions().isEmpty)
  }

  @Test func aSubscriptionGroupSubscribedBeforeCannotHaveADatedPurchase() {
    #expect(buy(#"{"productId": "pro.monthly"}"#).status == 200)
    let answer = buy(#"{"productId": "pro.monthly", "purchaseDate": "2025-11-10T10:00:00Z"}"#)
    #expect(answer.status == 400)
    #expect(answer.jsonBody?["error"]?["message"]?.stringValue?.contains("'pro'") == true)
    #expect(transactions().count == 1)
  }
}
