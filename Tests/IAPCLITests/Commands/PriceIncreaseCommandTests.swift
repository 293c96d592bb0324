import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit
@testable import IAPFormats

/// `subscription price-increase` and `price-increase-consent`: PRICE_INCREASE (PENDING,
/// ACCEPTED), `priceIncreaseStatus` and `renewalPrice` in renewal info, and `expirationIntent`
/// 3 when the customer does not consent (Apple's notificationType, priceIncreaseStatus and
/// expirationIntent pages).
@Suite struct PriceIncreaseCommandTests {
  let harness = TestHarness()

  init() { harness.run("buy pro.monthly --finish") }

  /// The subscription's `subscription status --json` object.
  func status() -> JSONValue? { harness.run("subscription status --json").json["subscriptions"]?.arrayValue?.first }

  /// The subscription's `pending_renewal_info` as `verifyReceipt` answers it.
  func pendingRenewalInfo() -> JSONValue? {
    harness.stdin = harness.run("receipt --base64").stdout
    let verified = harness.run("receipt verify --data -").json
    return verified["pending_renewal_info"]?.arrayValue?.first
  }

  @Test func anIncreaseNeedingConsentIsPendingInRenewalInfo() {
    let result = harness.run("subscription price-increase pro.monthly --price 12.99")
    #expect(result.status == 0)
    #expect(result.stdout.contains("price increase to 12.99 USD pending"), "with its currency")
    #expect(harness.notificationTypes().last == "PRICE_INCREASE/PENDING")
    let info = status()?["renewalInfo"]
    #expect(info?["priceIncreaseStatus"] == .int(0))
    #expect(info?["renewalPrice"] == .int(12990))
    #expect(info?["currency"] == .string("USD"))
    #expect(status()?["priceIncrease"]?["status"] == .string("pending"))
    // verifyReceipt's pending_renewal_info says the same.
    let pending = pendingRenewalInfo()
    #expect(pending?["price_consent_status"] == .string("0"))
  }

  @Test func acceptedItRenewsAtTheNewPrice() {
    harness.run("subscription price-increase pro.monthly --price 12.99")
    harness.run("subscription price-increase-consent pro.monthly accept")
    #expect(harness.notificationTypes().last == "PRICE_INCREASE/ACCEPTED")
    #expect(status()?["renewalInfo"]?["priceIncreaseStatus"] == .int(1))
    harness.advance(seconds: 32 * 24 * 3600)
    let renewed = status()
    #expect(renewed?["renewals"] == .int(1))
    #expect(renewed?["priceIncrease"] == .null, "charged, it is no longer pending")
    let renewal = harness.notificationPayloads().last?["data"]?["transaction"]
    #expect(renewal?["price"] == .int(12990))
    #expect(renewed?["renewalInfo"]?["priceIncreaseStatus"] == nil)
    #expect(renewed?["renewalInfo"]?["renewalPrice"] == .int(12990), "the next renewals charge the new price too")
  }

  @Test func withoutConsentRequiredItIsAcceptedAtOnce() {
    harness.run("subscription price-increase pro.monthly --price 10.99 --consent notRequired")
    #expect(harness.notificationTypes().last == "PRICE_INCREASE/ACCEPTED")
    #expect(status()?["renewalInfo"]?["priceIncreaseStatus"] == .int(1))
    #expect(harness.run("subscription price-increase-consent pro.monthly accept").status == 1, "nothing waits for consent")
  }

  /// Apple support article 109501: without consent an increase is at most 50% and at most
  /// USD 5 (USD 50 for yearly); beyond either it needs consent, refused (exit 1)
  /// with nothing recorded.
  @Test func withoutConsentAnIncreaseStaysWithinApplesLimits() {
    let tooMuch = harness.run("subscription price-increase pro.monthly --price 15.00 --consent notRequired")
    #expect(tooMuch.status == 1)
    #expect(tooMuch.stderr.contains("needs the customer's consent"), "\(tooMuch.stderr)")
    #expect(harness.run("subscription price-increase pro.monthly --price 14.99 --consent notRequired").status == 1, "5 more, but above 50%")
    #expect(harness.notificationTypes().last != "PRICE_INCREASE/ACCEPTED")
    #expect(harness.run("subscription price-increase pro.monthly --price 14.98 --consent notRequired").status == 0, "4.99 more, under 50%")
    #expect(harness.run("subscription price-increase pro.monthly --price 15.00").status == 0, "with consent, any increase")
  }

  /// Apple support article 109501: an increase without consent at most once a year; a
  /// second one within the year needs consent (refused, exit 1, nothing recorded), with
  /// consent it is allowed, and a year on the next one needs none again.
  @Test func withoutConsentAtMostOneIncreaseAYear() {
    #expect(harness.run("subscription price-increase pro.monthly --price 10.99 --consent notRequired").status == 0)
    let again = harness.run("subscription price-increase pro.monthly --price 11.49 --consent notRequired")
    #expect(again.status == 1)
    #expect(again.stderr.contains("one increase a year"), "\(again.stderr)")
    #expect(status()?["renewalInfo"]?["renewalPrice"] == .int(10990), "the refused one changed nothing")
    harness.advance(seconds: 200 * 24 * 3600)
    #expect(harness.run("subscription price-increase pro.monthly --price 11.49 --consent notRequired").status == 1, "200 days on")
    harness.advance(seconds: 170 * 24 * 3600)
    let yearOn = harness.run("subscription price-increase pro.monthly --price 11.49 --consent notRequired")
    #expect(yearOn.status == 0, "\(yearOn.stderr)")
    #expect(harness.notificationTypes().last == "PRICE_INCREASE/ACCEPTED")
  }

  @Test func declinedItExpiresAtThePeriodEndWithIntent3() {
    harness.run("subscription price-increase pro.monthly --price 12.99")
    harness.run("subscription price-increase-consent pro.monthly decline")
    #expect(harness.notificationTypes().last == "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED")
    #expect(status()?["autoRenewStatus"] == .bool(false))
    #expect(status()?["state"] == .string("subscribed"), "access lasts to the end of the period")
    harness.advance(seconds: 32 * 24 * 3600)
    #expect(status()?["state"] == .string("expired"))
    #expect(status()?["expirationIntent"] == .int(3))
    #expect(status()?["renewalInfo"]?["expirationIntent"] == .int(3))
    #expect(harness.notificationTypes().last == "EXPIRED/PRICE_INCREASE")
    #expect(pendingRenewalInfo()?["expiration_intent"] == .string("3"))
  }

  @Test func unansweredByTheRenewalDateItExpiresToo() {
    harness.run("subscription price-increase pro.monthly --price 12.99")
    harness.advance(seconds: 32 * 24 * 3600)
    #expect(status()?["state"] == .string("expired"))
    #expect(status()?["expirationIntent"] == .int(3))
    #expect(harness.notificationTypes().last == "EXPIRED/PRICE_INCREASE")
  }

  @Test func resumingAfterADeclineAcceptsTheNewPrice() {
    harness.run("subscription price-increase pro.monthly --price 12.99")
    harness.run("subscription price-increase-consent pro.monthly decline")
    harness.run("subscription resume pro.monthly")
    harness.advance(seconds: 32 * 24 * 3600)
    #expect(status()?["state"] == .string("subscribed"))
    #expect(harness.notificationPayloads().last?["data"]?["transaction"]?["price"] == .int(12990))
  }

  @Test func badInputIsRefusedAndChangesNothing() {
    let log = harness.read(".iap/transactions.log")
    #expect(harness.run("subscription price-increase pro.monthly").status == 64)
    #expect(harness.run("subscription price-increase pro.monthly --price 12,99").status == 64)
    #expect(harness.run("subscription price-increase pro.monthly --price 12.99 --consent maybe").status == 64)
    #expect(harness.run("subscription price-increase-consent pro.monthly perhaps").status == 64)
    let lower = harness.run("subscription price-increase pro.monthly --price 1.99")
    #expect(lower.stderr == "error: 1.99 is not above the price of 'pro.monthly' (9.99): a price increase must raise it\n")
    #expect(harness.run("subscription price-increase sword --price 99").stderr == "error: no subscription to 'sword' on this account\n")
    #expect(harness.run("subscription price-increase-consent pro.monthly accept").stderr.contains("has no price increase waiting for consent"))
    #expect(harness.read(".iap/transactions.log") == log)
  }

  @Test func theIncreaseSurvivesSnapshots() {
    harness.run("subscription price-increase pro.monthly --price 12.99")
    for _ in 0..<40 { harness.run("buy gems --finish") }
    #expect(status()?["priceIncrease"]?["price"] == .string("12.99"))
    #expect(harness.run("subscription price-increase-consent pro.monthly accept").status == 0)
  }
}
