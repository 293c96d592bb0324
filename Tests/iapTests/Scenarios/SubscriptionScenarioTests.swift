import IAPTesting
import Testing

@testable import IAPFormats

/// Auto-renewable subscriptions on the simulated clock, driven as a user would: renewals,
/// cancel and expiry, the renewal limit, billing retry with and without grace, upgrade and
/// downgrade, forced expiry and renewal, introductory offers and time rates.
@Suite struct SubscriptionScenarioTests {
  let harness = ScenarioFixtures.harness()
  let monthly = ScenarioFixtures.app + ".pro.monthly"
  let yearly = ScenarioFixtures.app + ".pro.yearly"

  /// The first subscription `subscription status --json` shows.
  func status() -> JSONValue? { harness.run("subscription status --json").json["subscriptions"]?.at(0) }

  @Test func theClockIsSimulatedPersistentAndRefusesToGoBack() {
    // The real clock later than every simulated moment here, as a run's wall clock is.
    harness.now = Timestamp(iso8601: "2026-11-28T12:00:00Z")!
    let real = harness.run("clock")
    #expect(real.status == 0)
    #expect(real.out.contains("(real)"))
    #expect(harness.run("clock set 2026-01-15T10:00:00Z").out == "2026-01-15T10:00:00Z (simulated)")
    #expect(harness.run("clock advance 90s").out == "2026-01-15T10:01:30Z (simulated)")
    let month = harness.run("clock advance P1M --json").json
    #expect(month["now"] == .string("2026-02-15T10:01:30Z") && month["mode"] == .string("simulated"))
    #expect(harness.run("clock advance 1d12h").out == "2026-02-16T22:01:30Z (simulated)")
    let bought = harness.run("buy \(ScenarioFixtures.app).coins_1000 --json").json
    #expect(bought.transactions.count > 1 && bought.transactions[1]["purchaseDate"] == .string("2026-02-16T22:01:30Z"))
    let back = harness.run("clock set 2026-01-01")
    #expect(back.status == 64)
    #expect(back.err.contains("the clock cannot go back"))
    let soon = harness.run("clock advance soon")
    #expect(soon.status == 64)
    #expect(soon.err.contains("invalid duration 'soon'"))
    #expect(harness.run("clock real").out.contains("(real)"))
  }

  @Test func aYearOfAMonthlySubscriptionInOneClockAdvance() {
    harness.run("clock set 2026-01-15T10:00:00Z")
    harness.run("buy \(monthly) --finish")
    #expect(harness.run("clock advance 1y").status == 0)
    let queue = harness.run("queue --json").json.transactions
    #expect(queue.count == 12)
    #expect(Set(queue.map { $0["originalId"] }.map { $0?.stringValue }) == ["1"])
    #expect(queue.first?["purchaseDate"] == .string("2026-02-15T10:00:00Z"))
    #expect(queue.last?["expirationDate"] == .string("2027-02-15T10:00:00Z"))
    let subscription = harness.run("subscription status \(monthly) --json").json["subscriptions"]?.at(0)
    #expect(subscription?["state"] == .string("subscribed"))
    #expect(subscription?["renewals"] == .int(12))
    #expect(subscription?["autoRenewStatus"] == .bool(true))
    #expect(harness.run("entitlements --json").json.transactions.map { $0["id"] } == [.string("13")])
  }

  @Test func cancelThenExpiryAtTheEndOfThePeriod() {
    harness.run("clock set 2026-01-15T10:00:00Z")
    harness.run("buy \(monthly) --finish")
    #expect(harness.run("subscription cancel \(monthly)").out.contains("subscribed  auto-renew off"))
    harness.run("clock advance 30d")
    #expect(harness.run("subscription status \(monthly)").out.contains("subscribed"))
    harness.run("clock advance 2d")
    let expired = harness.run("subscription status \(monthly) --json").json["subscriptions"]?.at(0)
    #expect(expired?["state"] == .string("expired"))
    #expect(expired?["expirationIntent"] == .int(1))
    #expect(harness.run("entitlements").out == "")
    #expect(harness.run("queue").out == "")
    let resume = harness.run("subscription resume \(monthly)")
    #expect(resume.status == 1)
    #expect(resume.err.contains("is expired: only an active subscription can be resumed"))
    let again = harness.run("buy \(monthly) --json").json["transactions"]?.at(1)
    #expect(again?["state"] == .string("purchased"))
    #expect(again?["originalId"] == .string("1"))
  }

  @Test func theRenewalLimitCancelsAfterThatManyRenewals() {
    harness.run("clock set 2026-01-15T10:00:00Z")
    harness.run("settings set renewal-limit 12")
    harness.run("buy \(monthly) --finish")
    harness.run("clock advance 2y")
    let subscription = status()
    #expect(subscription?["renewals"] == .int(12))
    #expect(subscription?["state"] == .string("expired"))
    #expect(subscription?["autoRenewStatus"] == .bool(false))
  }

  @Test func billingRetryWithoutGraceLosesAccessAndResolveRecoversIt() {
    harness.run("clock set 2026-01-15T10:00:00Z")
    harness.run("settings set billing-retry on")
    harness.run("buy \(monthly) --finish")
    harness.run("clock advance 1M")
    #expect(status()?["state"] == .string("inBillingRetryPeriod"))
    #expect(harness.run("entitlements").out == "")
    harness.run("clock advance 3d")
    let resolved = harness.run("resolve 1 --json")
    #expect(resolved.status == 0)
    #expect(resolved.json.transactions.first?["purchaseDate"] == .string("2026-02-18T10:00:00Z"))
    #expect(resolved.json.transactions.first?["expirationDate"] == .string("2026-03-18T10:00:00Z"))
    #expect(status()?["state"] == .string("subscribed"))
    let again = harness.run("resolve 1")
    #expect(again.status == 1)
    #expect(again.err.contains("it has no billing issue to resolve"))
  }

  @Test func billingRetryWithGraceKeepsAccessThenRetriesThenExpires() {
    harness.run("clock set 2026-01-15T10:00:00Z")
    harness.run("settings set billing-retry on")
    harness.run("settings set grace-period on")
    harness.run("buy \(monthly) --finish")
    harness.run("clock advance 1M")
    let grace = status()
    #expect(grace?["state"] == .string("inGracePeriod"))
    #expect(grace?["gracePeriodExpiresDate"] == .string("2026-03-03T10:00:00Z"))
    #expect(harness.run("entitlements --json").json.transactions.count == 1)
    harness.run("clock advance 20d")
    #expect(status()?["state"] == .string("inBillingRetryPeriod"))
    harness.run("clock advance 2M")
    #expect(status()?["state"] == .string("expired"))
    #expect(status()?["expirationIntent"] == .int(2))
  }

  @Test func anUpgradeActsAtOnceADowngradeAtTheNextRenewal() {
    harness.run("clock set 2026-01-15T10:00:00Z")
    harness.run("buy \(monthly) --finish")
    let upgrade = harness.run("buy \(yearly) --json")
    #expect(upgrade.status == 0)
    #expect(upgrade.json["transactions"]?.at(1)?["state"] == .string("purchased"))
    #expect(upgrade.json["transactions"]?.at(1)?["originalId"] == .string("1"))
    #expect(harness.run("entitlements --json").json["transactions"]?.strings("productId") == [yearly])
    harness.run("finish --all")
    let downgrade = harness.run("buy \(monthly) --json").json["transactions"]?.at(1)
    #expect(downgrade?["state"] == .string("restored"))
    #expect(downgrade?["productId"] == .string(yearly))
    #expect(status()?["productId"] == .string(yearly))
    #expect(status()?["autoRenewProductId"] == .string(monthly))
    harness.run("clock advance 1y")
    #expect(harness.run("entitlements --json").json["transactions"]?.strings("productId") == [monthly])
  }

  @Test func expireAndRenewActAtOnceAndNonRenewingNeverRenews() {
    let pass = ScenarioFixtures.app + ".season_pass"
    harness.run("clock set 2026-01-15T10:00:00Z")
    harness.run("buy \(monthly) --finish")
    harness.run("buy \(pass) --finish")
    let renewed = harness.run("subscription renew \(monthly)")
    #expect(renewed.status == 0)
    #expect(renewed.out.contains("renewals 1"))
    let expired = harness.run("subscription expire \(monthly) --json").json["subscriptions"]?.at(0)
    #expect(expired?["state"] == .string("expired"))
    #expect(expired?["expirationDate"] == .string("2026-01-15T10:00:00Z"))
    #expect(expired?["autoRenewStatus"] == .bool(false), "a forced expiry turns auto-renew off")
    harness.run("clock advance 5y")
    let owned = harness.run("entitlements --json").json.transactions
    #expect(owned.count == 1)
    #expect(owned.first?["productId"] == .string(pass))
    #expect(owned.first?["expirationDate"] == .null)
    let none = harness.run("subscription status \(pass)")
    #expect(none.status == 1)
    #expect(none.err == "error: no subscription to '\(pass)' on this account")
  }

  @Test func theFirstSubscriptionInAGroupGetsTheIntroductoryOfferOnTheClock() throws {
    try ScenarioFixtures.editProducts(of: harness) { product in
      if (product["id"] as? String)?.hasSuffix("pro.monthly") == true {
        product["introductoryOffer"] = ["paymentMode": "free", "period": "P2W", "numberOfPeriods": 1] as [String: Any]
      }
    }
    harness.run("clock set 2026-01-15T10:00:00Z")
    let bought = harness.run("buy \(monthly) --finish --json").json["transactions"]?.at(1)
    #expect(bought?["expirationDate"] == .string("2026-01-29T10:00:00Z"))
    #expect(bought?["jwsRepresentation"]?.jwsPayload?["offerDiscountType"] == .string("FREE_TRIAL"))
    let receipt = harness.run("receipt").json["in_app"]?.at(0)
    #expect(receipt?["is_trial_period"] == .string("true"))
    #expect(receipt?["is_in_intro_offer_period"] == .string("false"))
    harness.run("clock advance 2w")
    let renewal = harness.run("queue --json").json.transactions.first
    #expect(renewal?["purchaseDate"] == .string("2026-01-29T10:00:00Z"))
    #expect(renewal?["expirationDate"] == .string("2026-02-28T10:00:00Z"))
    #expect(harness.run("receipt").json["in_app"]?.strings("is_trial_period") == ["true", "false"])
    let product = harness.run("products list --json").json["products"]?.arrayValue?.first {
      $0["id"]?.stringValue?.hasSuffix("pro.monthly") == true
    }
    #expect(
      product?["introductoryOffer"]
        == .object([("paymentMode", .string("free")), ("period", .string("P2W")), ("numberOfPeriods", .int(1)), ("price", .null)]))
  }

  @Test func timeRatesCompressPeriodsWhileTheClockIsReal() throws {
    harness.run("settings set time-rate monthlyRenewalEveryFiveMinutes")
    let bought = try #require(harness.run("buy \(monthly) --json").json["transactions"]?.at(1))
    let start = try #require(bought["purchaseDate"]?.stringValue.flatMap(Timestamp.init(iso8601:)))
    let end = try #require(bought["expirationDate"]?.stringValue.flatMap(Timestamp.init(iso8601:)))
    #expect(end.milliseconds - start.milliseconds == 5 * 60 * 1000)
    #expect(harness.run("settings set time-rate 1004").out.contains("time-rate  oneRenewalEveryTenSeconds  (set)"))
    #expect(harness.run("settings set time-rate everySecond").status == 64)
  }
}
