import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPServer
@testable import IAPFormats
@testable import IAPCrypto
@testable import IAPHTTP

/// Send Consumption Information answers a refund request's CONSUMPTION_REQUEST
/// (`iap refund-request`), with both bodies Apple takes (`ConsumptionRequestV1` at v1,
/// `ConsumptionRequest` at v2), checked field by field; 202 Accepted.
@Suite struct ServerConsumptionTests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  init() throws { (harness, keyId, issuerId, key) = try ServerAPIFixture.make() }

  static let v1: [(String, JSONValue)] = [
    ("customerConsented", .bool(true)), ("consumptionStatus", .int(2)), ("platform", .int(1)), ("sampleContentProvided", .bool(false)),
    ("deliveryStatus", .int(0)), ("appAccountToken", .string("")), ("accountTenure", .int(3)), ("playTime", .int(4)),
    ("lifetimeDollarsRefunded", .int(1)), ("lifetimeDollarsPurchased", .int(2)), ("userStatus", .int(1)), ("refundPreference", .int(2)),
  ]
  static let v2: [(String, JSONValue)] = [
    ("customerConsented", .bool(true)), ("sampleContentProvided", .bool(true)), ("deliveryStatus", .string("DELIVERED")),
    ("consumptionPercentage", .int(25_000)), ("refundPreference", .string("GRANT_PRORATED")),
  ]

  func put(_ version: Int, _ id: String, _ body: [(String, JSONValue)], changing changes: [(String, JSONValue?)] = []) -> HTTPResponse {
    var members = body
    for (name, value) in changes {
      members.removeAll { $0.0 == name }
      if let value { members.append((name, value)) }
    }
    return send("PUT", "/inApps/v\(version)/transactions/consumption/\(id)", .object(members))
  }

  func consumption(_ id: Int) -> JSONValue? {
    harness.run("history --json").json["transactions"]?.arrayValue?.first { $0["id"] == .string(String(id)) }?["refundRequest"]?["consumptionInformation"]
  }

  @Test func theAnswerIsKeptWithTheOpenRefundRequest() throws {
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(harness.run("refund-request 1 --reason UNINTENDED_PURCHASE").status == 0)
    #expect(harness.run("notifications --json").json["notifications"]?.arrayValue?.last?["notificationType"] == .string("CONSUMPTION_REQUEST"))
    #expect(consumption(1) == .null)
    #expect(put(1, "1", Self.v1).status == 202)
    #expect(consumption(1)?["consumptionStatus"] == .int(2))
    #expect(put(2, "1", Self.v2).status == 202)
    #expect(consumption(1)?["deliveryStatus"] == .string("DELIVERED"), "a later answer replaces it")
    #expect(harness.run("refund-decline 1").status == 0)
    #expect(consumption(1)?["consumptionPercentage"] == .int(25_000), "kept once Apple answered")
  }

  @Test func withoutAnOpenRequestTheAnswerIsAcceptedAndNotKept() {
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(put(2, "1", Self.v2).status == 202)
    #expect(harness.run("history --json").json["transactions"]?.arrayValue?.first?["refundRequest"] == .null)
  }

  @Test func eachFieldIsCheckedAsAppleChecksIt() {
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(harness.run("buy sword --finish").status == 0)
    let v1Refusals: [(String, JSONValue?, Int64)] = [
      ("customerConsented", .bool(false), 4_000_035), ("customerConsented", nil, 4_000_035),
      ("accountTenure", .int(8), 4_000_032), ("appAccountToken", .string("not-a-uuid"), 4_000_033),
      ("consumptionStatus", .int(4), 4_000_034), ("deliveryStatus", .int(6), 4_000_036),
      ("lifetimeDollarsPurchased", .string("2"), 4_000_037), ("lifetimeDollarsRefunded", nil, 4_000_038),
      ("platform", .int(3), 4_000_039), ("playTime", .int(-1), 4_000_040), ("sampleContentProvided", nil, 4_000_041),
      ("userStatus", .int(5), 4_000_042), ("refundPreference", .int(4), 4_000_000),
    ]
    for (field, value, code) in v1Refusals {
      #expect(put(1, "1", Self.v1, changing: [(field, value)]).jsonBody?["errorCode"] == .int(code), "\(field)")
    }
    let v2Refusals: [(String, JSONValue?, Int64)] = [
      ("deliveryStatus", .int(0), 4_000_036), ("deliveryStatus", .string("LOST"), 4_000_036),
      ("consumptionPercentage", .int(100_001), 4_000_000), ("refundPreference", .string("PREFER_GRANT"), 4_000_000),
      ("customerConsented", .bool(false), 4_000_035),
    ]
    for (field, value, code) in v2Refusals {
      #expect(put(2, "1", Self.v2, changing: [(field, value)]).jsonBody?["errorCode"] == .int(code), "\(field)")
    }
    #expect(put(1, "2", Self.v1).jsonBody == ServerAPIError.transactionTypeNotSupported.json, "a non-consumable at v1")
    #expect(put(2, "2", Self.v2).status == 202)
    #expect(put(1, "9", Self.v1).jsonBody == ServerAPIError.transactionNotFound.json)
    #expect(put(1, "x", Self.v1).jsonBody == ServerAPIError.invalidTransactionId.json)
  }

  /// Apple's consumptionPercentage page: the percentage is for one-time purchases (a
  /// subscription is prorated by time); its refundPreference page: GRANT_PRORATED prorates
  /// by a percentage above 0. Both refused with 4000000.
  @Test func version2sPercentageAndProratedGrantFollowTheProduct() {
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let onSubscription = put(2, "2", Self.v2)
    #expect(onSubscription.status == 400)
    #expect(onSubscription.jsonBody?["errorCode"] == .int(4_000_000))
    #expect(put(2, "2", Self.v2, changing: [("consumptionPercentage", nil)]).status == 202, "GRANT_PRORATED by time")
    #expect(put(2, "1", Self.v2, changing: [("consumptionPercentage", nil)]).jsonBody?["errorCode"] == .int(4_000_000))
    #expect(put(2, "1", Self.v2, changing: [("consumptionPercentage", .int(0))]).jsonBody?["errorCode"] == .int(4_000_000))
    #expect(put(2, "1", Self.v2, changing: [("consumptionPercentage", nil), ("refundPreference", .string("GRANT_FULL"))]).status == 202)
    #expect(put(2, "1", Self.v2).status == 202)
  }
}
