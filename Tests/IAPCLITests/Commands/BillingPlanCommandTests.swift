import IAPCrypto
import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// `iap buy ID --billing-plan monthly`: a yearly subscription billed monthly with a 12-month
/// commitment, its signed transaction's plan and commitment, and the requests refused.
@Suite struct BillingPlanCommandTests {
  let harness = TestHarness(
    catalog: TestHarness.plist(products: [
      TestHarness.product(
        "pro.yearly", "autoRenewable", price: "<string>99.99</string>",
        extra: "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1Y</string>"
          + "<key>billingPlans</key><array><dict><key>billingPlanType</key><string>MONTHLY</string>"
          + "<key>price</key><string>9.99</string></dict></array>"),
      TestHarness.product(
        "pro.monthly", "autoRenewable", price: "<string>12.99</string>",
        extra: "<key>subscriptionGroup</key><string>other</string><key>subscriptionPeriod</key><string>P1M</string>"),
    ]))

  @Test func buysTheFirstMonthOfTheCommitment() throws {
    let result = harness.run("buy pro.yearly --billing-plan monthly --finish --json")
    #expect(result.status == 0, "\(result.stderr)")
    let outcome = result.json.transactions[1]
    #expect(outcome["expirationDate"] == .string("2026-02-15T10:00:00Z"))
    let jws = try #require(outcome["jwsRepresentation"]?.stringValue)
    let payload = try JWS.decode(jws, key: nil).payload
    #expect(payload["billingPlanType"] == .string("MONTHLY"))
    #expect(payload["price"] == .int(9_990))
    #expect(payload["commitmentInfo"]?["billingPeriodNumber"] == .int(1))
    #expect(payload["commitmentInfo"]?["totalBillingPeriods"] == .int(12))
    #expect(payload["commitmentInfo"]?["commitmentPrice"] == .int(119_880))
  }

  @Test func refusesAPlanTheProductDoesNotHaveOrAnUnknownOne() {
    let missing = harness.run("buy pro.monthly --billing-plan monthly")
    #expect(missing.status != 0)
    #expect(missing.stderr.contains("product 'pro.monthly' has no MONTHLY billing plan"))
    let unknown = harness.run("buy pro.yearly --billing-plan weekly")
    #expect(unknown.status != 0)
    #expect(unknown.stderr.contains("monthly or billed-upfront"))
  }
}

extension BillingPlanCommandTests {
  @Test func theHistoryShowsEachMonthsPlaceInTheCommitment() {
    harness.run("buy pro.yearly --billing-plan monthly --finish")
    harness.advance(seconds: 32 * 24 * 3600)
    let history = harness.run("history").stdout
    #expect(history.contains("monthly 1 of 12, commitment to 2027-01-15T10:00:00Z"), "\(history)")
    #expect(history.contains("monthly 2 of 12, commitment to 2027-01-15T10:00:00Z"), "\(history)")
  }

  @Test func anUpfrontSubscriberCannotSwitchToMonthlyMidPeriod() {
    #expect(harness.run("buy pro.yearly --finish").status == 0)
    let switched = harness.run("buy pro.yearly --billing-plan monthly")
    #expect(switched.status != 0)
    #expect(switched.stderr.contains("is billed up front: the MONTHLY plan starts with a new subscription once it ends"))
  }
}
