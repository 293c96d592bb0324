import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPFormats

/// Fields of the signed transaction, the renewal info and the app transaction as Apple's
/// are, each test naming Apple's rule and where it is written (the doc
/// page, or the model of Apple's App Store Server Library for Python 3.1.2), driven through
/// the commands.
@Suite struct SignedFidelityTests {
  let harness = TestHarness()

  init() {
    harness.write("catalog.plist", TestHarness.plist(
      products: [
        TestHarness.product("sword", "nonConsumable", price: "<string>4.99</string>", extra: "<key>familyShareable</key><true/>"),
        TestHarness.product(
          "pro.monthly", "autoRenewable", price: "<string>9.99</string>",
          extra: "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>"
            + "<key>familyShareable</key><true/>"
            + "<key>introductoryOffer</key><dict><key>paymentMode</key><string>payAsYouGo</string><key>period</key>"
            + "<string>P1M</string><key>numberOfPeriods</key><integer>3</integer><key>price</key><string>0.99</string></dict>"),
      ],
      top: "<key>bundleId</key><string>com.example.app</string>"))
  }

  /// The decoded payload of a signed value.
  func decode(_ signed: JSONValue?) -> JSONValue? {
    harness.run(["jws", "decode", signed?.stringValue ?? "", "--json"]).json["payload"]
  }

  /// The signed transaction of `id` as `account`'s history gives it.
  func signedTransaction(_ id: String, account: String = "default") -> JSONValue? {
    let history = harness.run(["--account", account, "history", "--json"]).json
    return decode(history.transactions.first { $0["id"] == .string(id) }?["jwsRepresentation"])
  }

  func renewalInfo(account: String = "default") -> JSONValue? {
    harness.run(["--account", account, "subscription", "status", "--json"]).json["subscriptions"]?.arrayValue?.first?["renewalInfo"]
  }

  /// JWSTransactionDecodedPayload's `revocationType` (REFUND_FULL, REFUND_PRORATED,
  /// FAMILY_REVOKE) and `revocationPercentage` in milliunits (RevocationType.py and
  /// JWSTransactionDecodedPayload.py); and Apple's revocationReason page: a family member's
  /// revocation after the purchaser's refund carries the purchaser's reason.
  @Test func refundsAndFamilyRevocationsNameTheirTypeAndReason() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("family add kid").status == 0)  // kid's shares: 3 (sword) and 4
    #expect(harness.run("refund 1 --reason developerIssue").status == 0)
    let full = try #require(signedTransaction("1"))
    #expect(full["revocationType"] == .string("REFUND_FULL"))
    #expect(full["revocationPercentage"] == nil)
    let member = try #require(signedTransaction("3", account: "kid"))
    #expect(member["revocationType"] == .string("FAMILY_REVOKE"))
    #expect(member["revocationReason"] == .int(1), "the purchaser's reason, developerIssue")
    #expect(harness.run("refund 2 --percentage 33.5").status == 0)
    let prorated = try #require(signedTransaction("2"))
    #expect(prorated["revocationType"] == .string("REFUND_PRORATED"))
    #expect(prorated["revocationPercentage"] == .int(33_500))
    #expect(signedTransaction("4", account: "kid")?["revocationReason"] == .int(0), "the purchaser's reason, other")
    for bad in ["0", "100", "-5", "12.3456", "half"] {
      #expect(harness.run(["refund", "2", "--percentage", bad]).status == 64, "\(bad)")
    }
    #expect(harness.run("refund-reverse 2").status == 0)
    #expect(signedTransaction("2")?["revocationType"] == nil)
  }

  /// Apple's JWSTransaction and JWSRenewalInfo carry `appTransactionId`
  /// (JWSTransactionDecodedPayload.py, JWSRenewalInfoDecodedPayload.py): the customer's,
  /// the one its app transaction has.
  @Test func transactionsAndRenewalInfoCarryTheAppTransactionId() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let app = harness.run("app-transaction --json").json
    let id = try #require(app["appTransactionId"]?.stringValue)
    #expect(signedTransaction("1")?["appTransactionId"] == .string(id))
    #expect(renewalInfo()?["appTransactionId"] == .string(id))
  }

  /// Apple's offerPeriod is the offer's whole duration (offerPeriod page; 3 × P1M pay as
  /// you go is P3M), and JWSRenewalInfo carries it while the offer applies to the next
  /// renewal (JWSRenewalInfoDecodedPayload.py, offerPeriod).
  @Test func aPayAsYouGoOffersPeriodIsItsWholeDuration() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    #expect(harness.run("history --json").json.transactions.first?["offer"]?["period"] == .string("P3M"))
    #expect(signedTransaction("1")?["offerPeriod"] == .string("P3M"))
    #expect(renewalInfo()?["offerPeriod"] == .string("P3M"))
    #expect(harness.run("clock advance 1M").status == 0)
    #expect(signedTransaction("2")?["offerPeriod"] == .string("P3M"), "each renewal the offer prices")
    #expect(renewalInfo()?["renewalPrice"] == .int(990), "the next period is still the offer's")
    #expect(harness.run("clock advance 1M").status == 0)
    #expect(renewalInfo()?["offerPeriod"] == nil, "the next renewal is regular")
    #expect(renewalInfo()?["renewalPrice"] == .int(9990))
  }

  /// Apple's AppTransaction.originalPurchaseDate page: in the sandbox it is always
  /// 2013-08-01 07:00:00 UTC (1375340400000), not the first in-app purchase.
  @Test func theSandboxAppTransactionsOriginalPurchaseDateIsFixed() throws {
    #expect(harness.run("buy sword --finish").status == 0)
    #expect(harness.run("settings set environment Sandbox").status == 0)
    let app = harness.run("app-transaction --json").json
    #expect(decode(app["signedAppTransaction"])?["originalPurchaseDate"] == .int(1_375_340_400_000))
  }

  /// JWSRenewalInfo has `appAccountToken` (JWSRenewalInfoDecodedPayload.py): the
  /// subscription's, as Set App Account Token or the purchase (a UUID-shaped
  /// applicationUsername, as StoreKit 2 sends appAccountToken) gave it.
  @Test func renewalInfoCarriesTheAppAccountToken() throws {
    let token = "7389a31a-fb6d-4569-a2a6-db7d85d84813"
    #expect(harness.run(["buy", "pro.monthly", "--finish", "--username", token]).status == 0)
    #expect(renewalInfo()?["appAccountToken"] == .string(token))
  }
}
