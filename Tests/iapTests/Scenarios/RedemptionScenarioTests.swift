import IAPTesting
import Testing

@testable import IAPFormats
@testable import IAPHTTP

/// Win-back offers, offer codes and introductory-offer eligibility JWS, from the CLI and the
/// control plane.
@Suite struct RedemptionScenarioTests {
  let harness = ScenarioFixtures.harness()
  let app = ScenarioFixtures.app
  let monthly = ScenarioFixtures.app + ".pro.monthly"
  let yearly = ScenarioFixtures.app + ".pro.yearly"

  /// The bundled catalog with win-back offers and offer codes on the monthly subscription, an
  /// introductory offer on the yearly one, and one-time codes on every other product.
  init() throws {
    try ScenarioFixtures.editProducts(of: harness) { product in
      let id = product["id"] as? String ?? ""
      if id.hasSuffix("pro.monthly") {
        product["winBackOffers"] = [
          [
            "id": "comeback.free", "paymentMode": "free", "period": "P1M", "eligibilityPaidMonths": 1,
            "eligibilityMonthsSinceLastSubscribed": ["minimum": 1, "maximum": 6] as [String: Any], "waitBetweenOffersMonths": 3,
          ] as [String: Any],
          ["id": "comeback.cheap", "paymentMode": "payUpFront", "period": "P3M", "price": "5.99"] as [String: Any],
        ]
        product["offerCodes"] = [
          [
            "id": "SPRING", "paymentMode": "payAsYouGo", "period": "P1M", "numberOfPeriods": 2, "price": "1.99",
            "eligibility": ["new", "expired"],
          ] as [String: Any]
        ]
      } else if id.hasSuffix("pro.yearly") {
        product["introductoryOffer"] = ["paymentMode": "free", "period": "P1W"]
      } else {
        product["offerCodes"] = [["id": "HALF", "price": "0.49"]]
      }
    }
  }

  /// The signed payload of the last transaction a purchase printed.
  func signed(_ json: JSONValue?) -> JSONValue? { json?.transactions.last?["jwsRepresentation"]?.jwsPayload }

  @Test func aLapsedCustomerRedeemsAWinBackOfferAndAnIneligibleOneGetsAClearError() {
    harness.run("clock set 2026-01-15T10:00:00Z")
    let early = harness.run("buy \(monthly) --win-back comeback.cheap --json")
    #expect(early.status == 1)
    #expect(early.json["error"]?["name"] == .string("ineligibleForOffer"))
    #expect(early.json["error"]?["code"] == .int(18))
    #expect(early.err.contains("win-back offers are for lapsed subscribers"))
    harness.run("buy \(monthly) --finish")
    harness.run("subscription cancel \(monthly)")
    harness.run("clock advance 40d")
    // Lapsed ten days ago: the free offer needs a month since the lapse; the other is open.
    let renewal = harness.run("subscription status --json").json["subscriptions"]?.at(0)?["signedRenewalInfo"]?.jwsPayload
    #expect(renewal?["eligibleWinBackOfferIds"] == .array([.string("comeback.cheap")]))
    let tooSoon = harness.run("buy \(monthly) --win-back comeback.free --json")
    #expect(tooSoon.status == 1)
    #expect(tooSoon.err.contains("at least 1 month ago"))
    #expect(harness.run("buy \(monthly) --win-back nope --json").json["error"]?["name"] == .string("invalidOfferIdentifier"))
    #expect(harness.run("buy \(monthly) --win-back comeback.cheap --offer-code SPRING").status == 64)
    harness.run("clock advance 1M")
    let redeemed = harness.run("buy \(monthly) --win-back comeback.free --finish")
    #expect(redeemed.status == 0)
    #expect(redeemed.out.contains("win-back offer comeback.free"))
    #expect(harness.sentTypes().last == "SUBSCRIBED/RESUBSCRIBE")
  }

  @Test func offerCodesForTheCustomersASubscriptionsCodeNamesAndAOneTimePriceForTheRest() {
    let half = harness.run("buy \(app).extra_lives --offer-code HALF --json")
    #expect(half.status == 0)
    #expect(
      half.json.transactions.last?["offer"]
        == .object([("type", .string("code")), ("id", .string("HALF")), ("discountType", .string("ONE_TIME")), ("period", .null)]))
    let unknown = harness.run("buy \(app).extra_lives --offer-code WINTER --json")
    #expect(unknown.status == 1)
    #expect(unknown.json["error"]?["name"] == .string("invalidOfferIdentifier"))
    #expect(unknown.json["error"]?["code"] == .int(11))
    let spring = harness.run("buy \(monthly) --offer-code SPRING --finish --json")
    #expect(spring.status == 0)
    let payload = signed(spring.json)
    #expect(payload?["offerType"] == .int(3))
    #expect(payload?["offerIdentifier"] == .string("SPRING"))
    #expect(payload?["offerDiscountType"] == .string("PAY_AS_YOU_GO"))
    #expect(payload?["price"] == .int(1990))
    // Subscribed now: SPRING is for new and expired customers only.
    let again = harness.run("buy \(monthly) --offer-code SPRING --json")
    #expect(again.status == 1)
    #expect(again.json["error"]?["name"] == .string("ineligibleForOffer"))
  }

  @Test func theControlPlaneTakesWinBackOfferIdOfferCodeAndIntroductoryOfferEligibilityJWS() {
    func post(_ body: String) -> JSONValue? { harness.send("POST", "/iap/v1/purchases", body).jsonBody }
    let code = signed(post(#"{"productId": "\#(app).rocket_car", "offerCode": "HALF"}"#))
    #expect(code?["offerType"] == .int(3))
    #expect(code?["offerDiscountType"] == .string("ONE_TIME"))
    #expect(code?["price"] == .int(490))
    #expect(post(#"{"productId": "\#(monthly)", "winBackOfferId": "comeback.free"}"#)?["error"]?["name"] == .string("ineligibleForOffer"))
    #expect(
      post(#"{"productId": "\#(monthly)", "winBackOfferId": "comeback.free", "offerCode": "SPRING"}"#)?["error"]?["name"] == .string("usage"))
    #expect(
      post(#"{"productId": "\#(yearly)", "introductoryOfferEligibilityJWS": "x.y.z"}"#)?["error"]?["name"] == .string("invalidSignature"))
  }
}
