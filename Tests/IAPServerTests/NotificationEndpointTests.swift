import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPCrypto
@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer
@testable import IAPStorage

/// Request a Test Notification, Get Test Notification Status and Get Notification
/// History, with the send attempts the delivery rounds record.
@Suite struct NotificationEndpointTests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  init() throws { (harness, keyId, issuerId, key) = try ServerAPIFixture.make() }

  /// A port nothing listens on: a delivery there fails at once.
  static let closedURL = "http://127.0.0.1:9/asn"

  func history(_ body: [(String, JSONValue)], page: String? = nil) -> HTTPResponse {
    let day: Int64 = 86_400_000
    var members: [(String, JSONValue)] = [
      ("startDate", .int(harness.now.milliseconds - day)), ("endDate", .int(harness.now.milliseconds + day)),
    ]
    for (name, value) in body {
      members.removeAll { $0.0 == name }
      members.append((name, value))
    }
    return send("POST", "/inApps/v1/notifications/history" + (page.map { "?paginationToken=\($0)" } ?? ""), .object(members))
  }

  @Test func aTestNotificationNeedsANotificationURL() {
    #expect(send("POST", "/inApps/v1/notifications/test").jsonBody == ServerAPIError.notificationURLNotFound.json)
    #expect(harness.run("notifications --json").json["notifications"]?.arrayValue?.isEmpty == true, "nothing was sent")
  }

  @Test func aTestNotificationIsSentAndItsAttemptsReported() throws {
    #expect(harness.run("settings set notification-url \(Self.closedURL)").status == 0)
    let token = try #require(send("POST", "/inApps/v1/notifications/test").jsonBody?["testNotificationToken"]?.stringValue)
    let parts = token.split(separator: "_")
    #expect(parts.count == 2 && parts[0].count == 36 && parts[1] == "\(harness.now.milliseconds)")
    // The delivery runs after the answer, on a thread of its own: wait for its attempt.
    var status: JSONValue?
    for _ in 0..<100 {
      status = get("/inApps/v1/notifications/test/\(token)").jsonBody
      if status?["sendAttempts"]?.arrayValue?.isEmpty == false { break }
      usleep(50_000)
    }
    let attempt = try #require(status?["sendAttempts"]?.arrayValue?.first)
    #expect(attempt["sendAttemptResult"] == .string("SOCKET_ISSUE"))
    #expect(attempt["attemptDate"] == .int(harness.now.milliseconds))
    let signed = try #require(status?["signedPayload"]?.stringValue)
    let payload = harness.run(["jws", "decode", signed, "--json"]).json["payload"]
    #expect(payload?["notificationType"] == .string("TEST"))
    #expect(payload?["data"]?["bundleId"] == .string("com.example.app"))
    #expect(payload?["data"]?["signedTransactionInfo"] == nil)
    let listed = harness.run("notifications --json").json["notifications"]?.arrayValue?.first
    #expect(listed?["notificationType"] == .string("TEST"))
    #expect(listed?["transactionId"] == .null)
    #expect(get("/inApps/v1/notifications/test/\(UUID().uuidString.lowercased())_1").jsonBody == ServerAPIError.testNotificationNotFound.json)
    #expect(get("/inApps/v1/notifications/test/abc").jsonBody == ServerAPIError.invalidTestNotificationToken.json)
  }

  @Test func historyPagesByTwentyAndFilters() throws {
    for _ in 0..<22 { #expect(harness.run("buy gems --finish").status == 0) }
    #expect(harness.run("buy pro.monthly --finish --account bob").status == 0)
    let first = try #require(history([]).jsonBody)
    #expect(first["notificationHistory"]?.arrayValue?.count == 20)
    #expect(first["hasMore"] == .bool(true))
    let page = try #require(first["paginationToken"]?.stringValue)
    let second = try #require(history([], page: page).jsonBody)
    #expect(second["notificationHistory"]?.arrayValue?.count == 3)
    #expect(second["hasMore"] == .bool(false))
    #expect(second["paginationToken"] == nil)
    let item = try #require(second["notificationHistory"]?.arrayValue?.last)
    #expect(item["sendAttempts"] == .array([]), "no URL: never attempted")
    let signed = try #require(item["signedPayload"]?.stringValue)
    #expect(harness.run(["jws", "decode", signed, "--json"]).json["payload"]?["notificationType"] == .string("SUBSCRIBED"))
    #expect(history([("notificationType", .string("SUBSCRIBED"))]).jsonBody?["notificationHistory"]?.arrayValue?.count == 1)
    #expect(history([("transactionId", .string("23"))]).jsonBody?["notificationHistory"]?.arrayValue?.count == 1, "bob's only")
    #expect(history([("onlyFailures", .bool(true))]).jsonBody?["notificationHistory"]?.arrayValue?.count == 20, "none reached a server")
    let tooOld = harness.now.milliseconds - 181 * 86_400_000
    #expect(history([("startDate", .int(tooOld))]).jsonBody == ServerAPIError.startDateTooFarInPast.json)
    #expect(history([("startDate", .null)]).jsonBody == ServerAPIError.invalidStartDate.json)
    #expect(history([("endDate", .int(harness.now.milliseconds - 86_400_000))]).jsonBody == ServerAPIError.startDateAfterEndDate.json)
    #expect(history([("notificationType", .string("NOPE"))]).jsonBody == ServerAPIError.invalidNotificationType.json)
    #expect(
      history([("notificationType", .string("TEST")), ("transactionId", .string("1"))]).jsonBody == ServerAPIError.multipleFiltersSupplied.json)
    #expect(history([], page: "zz").jsonBody == ServerAPIError.invalidPaginationToken.json)
    #expect(history([("transactionId", .string("99"))]).jsonBody == ServerAPIError.transactionNotFound.json)
  }

  @Test func onlyFailuresLeavesOutWhatReachedTheServer() throws {
    #expect(harness.run("settings set notification-url \(Self.closedURL)").status == 0)
    #expect(harness.run("buy sword --finish").status == 0)
    do {
      // A later round reached the server (the session's lock is released at the block's end).
      let session = try StateDirectory(path: harness.directory + "/.iap").open(forWriting: true)
      try NotificationCourier.record(1, attempts: [SendAttempt(sequence: 1, date: harness.now, result: "SUCCESS")], in: session)
    }
    #expect(history([("onlyFailures", .bool(true))]).jsonBody?["notificationHistory"]?.arrayValue?.isEmpty == true)
    let attempts = history([]).jsonBody?["notificationHistory"]?.arrayValue?.first?["sendAttempts"]?.arrayValue
    #expect(attempts?.map { $0["sendAttemptResult"]?.stringValue ?? "" } == ["SOCKET_ISSUE", "SUCCESS"])
  }
}
