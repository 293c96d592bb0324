import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPCrypto
@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer

/// Apple's retry schedule on the store's clock: in Production a failed delivery is retried
/// 1, 12, 24, 48 and 72 hours after the previous attempt; in Sandbox it is attempted once.
@Suite struct NotificationRetryTests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  init() throws { (harness, keyId, issuerId, key) = try ServerAPIFixture.make() }

  /// A notification receiver on loopback that answers `status` and keeps the
  /// `notificationUUID` of every notification posted to it.
  final class Receiver: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: Int
    private var received: [String] = []
    private var server: HTTPServer?

    init(answering status: Int) throws {
      answer = status
      let server = try HTTPServer(host: "127.0.0.1", port: 0) { [unowned self] request in
        let signed = (try? JSONParser.parse(request.body))?["signedPayload"]?.stringValue ?? ""
        let uuid = (try? JWS.decode(signed, key: nil).payload)?["notificationUUID"]?.stringValue ?? "?"
        return lock.withLock {
          received.append(uuid)
          return HTTPResponse(status: answer)
        }
      }
      server.start()
      self.server = server
    }

    var url: String { "http://127.0.0.1:\(server?.port ?? 0)/asn" }
    var uuids: [String] { lock.withLock { received } }
    func answer(_ status: Int) { lock.withLock { answer = status } }
    func stop() { server?.stop() }
  }

  func settle(_ environment: String, receiver: Receiver) {
    #expect(harness.run("settings set app-apple-id 12").status == 0)
    #expect(harness.run("settings set environment \(environment)").status == 0)
    #expect(harness.run("settings set notification-url \(receiver.url)").status == 0)
  }

  /// The first notification's send attempts, as Get Notification History reports them.
  func attempts() throws -> [(date: Int64, result: String)] {
    let day: Int64 = 86_400_000
    let body = JSONValue.object([("startDate", .int(harness.now.milliseconds - day)), ("endDate", .int(harness.now.milliseconds + 30 * day))])
    let item = try #require(send("POST", "/inApps/v1/notifications/history", body).jsonBody?["notificationHistory"]?.arrayValue?.first)
    return (item["sendAttempts"]?.arrayValue ?? []).map {
      ($0["attemptDate"]?.intValue ?? 0, $0["sendAttemptResult"]?.stringValue ?? "")
    }
  }

  @Test func productionRetriesAtApplesIntervalsAsTheClockMovesThenGivesUp() throws {
    let receiver = try Receiver(answering: 500)
    defer { receiver.stop() }
    settle("Production", receiver: receiver)
    let start = harness.now.milliseconds
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(receiver.uuids.count == 1)
    #expect(harness.run("clock advance 59m").status == 0)
    #expect(receiver.uuids.count == 1, "the first retry is an hour after the attempt")
    // Three days pass over the retries at 1, 13 and 37 hours; the one at 85 is still ahead.
    #expect(harness.run("clock advance 3d").status == 0)
    #expect(receiver.uuids.count == 4)
    #expect(harness.run("clock advance 10d").status == 0)
    #expect(harness.run("clock advance 10d").status == 0)
    let uuids = receiver.uuids
    #expect(uuids.count == 6, "the first attempt and five retries")
    #expect(Set(uuids).count == 1 && uuids[0].count == 36, "a retry is the same notification")
    let hour: Int64 = 3_600_000
    let made = try attempts()
    #expect(made.map(\.date) == [0, 1, 13, 37, 85, 157].map { start + $0 * hour })
    #expect(made.allSatisfy { $0.result == "UNSUCCESSFUL_HTTP_RESPONSE_CODE" })
  }

  @Test func productionStopsRetryingOnceDeliveredAndSendsWhatCameLater() throws {
    let receiver = try Receiver(answering: 503)
    defer { receiver.stop() }
    settle("Production", receiver: receiver)
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(harness.run("buy sword --finish").status == 0)
    #expect(receiver.uuids.count == 2, "a failed notification does not hold back the next")
    receiver.answer(200)
    #expect(harness.run("clock advance 2h").status == 0)
    #expect(receiver.uuids.count == 4, "both retried an hour on")
    #expect(harness.run("clock advance 5d").status == 0)
    #expect(receiver.uuids.count == 4, "delivered: no more retries")
    #expect(try attempts().map(\.result) == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE", "SUCCESS"])
    #expect(harness.run("notifications --json").json["pending"] == .int(0))
  }

  @Test func aRunningServerMakesTheRetriesTimeBringsDueWithoutARequest() throws {
    let receiver = try Receiver(answering: 500)
    defer { receiver.stop() }
    settle("Production", receiver: receiver)
    #expect(harness.run("buy gems --finish").status == 0)
    let directory = harness.directory
    let later = Timestamp(milliseconds: harness.now.milliseconds + 2 * 3_600_000)
    let router = ServerRouter(statePath: directory + "/.iap", access: ServerAccess()) { namespace in
      Workspace(
        namespace: namespace, environment: Environment(variables: [:], currentDirectory: directory, now: { later }),
        console: Console(out: { _ in }, err: { _ in }))
    }
    router.deliverDueRetries()
    #expect(receiver.uuids.count == 2, "the real clock passed the first retry's time")
    router.deliverDueRetries()
    #expect(receiver.uuids.count == 2, "the next is 12 hours on")
  }

  @Test func sandboxAttemptsOnce() throws {
    let receiver = try Receiver(answering: 500)
    defer { receiver.stop() }
    settle("Sandbox", receiver: receiver)
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(harness.run("clock advance 10d").status == 0)
    #expect(harness.run("buy sword --finish").status == 0)
    #expect(receiver.uuids.count == 2, "each once")
    #expect(try attempts().map(\.result) == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE"])
    let listed = harness.run("notifications --json").json
    #expect(listed["notifications"]?.arrayValue?.first?["delivered"] == .bool(false), "given up on, never delivered")
    #expect(listed["pending"] == .int(0))
    #expect(harness.run("notifications").stdout.contains("failed"), "the table tells it from a pending one")
  }

  @Test func localTestingPostsWhatFailedAgainAtTheNextCommandInOrder() throws {
    let receiver = try Receiver(answering: 500)
    defer { receiver.stop() }
    #expect(harness.run("settings set notification-url \(receiver.url)").status == 0)
    #expect(harness.run("buy gems --finish").status == 0)
    #expect(harness.run("buy sword --finish").status == 0)
    let uuids = receiver.uuids
    #expect(uuids.count == 2 && uuids[0] == uuids[1], "the first again; the second waits its turn")
  }

  @Test func theScheduleLeavesNoRetryAfterTheLast() {
    let schedule = DeliverySchedule(.production)
    let hour: Int64 = 3_600_000
    let failed = (0..<6).map { SendAttempt(sequence: 1, date: Timestamp(milliseconds: Int64($0) * hour), result: "TIMED_OUT") }
    #expect(schedule.standing(of: Array(failed.prefix(1)), now: Timestamp(milliseconds: hour)) == .due([Timestamp(milliseconds: hour)]))
    #expect(schedule.standing(of: Array(failed.prefix(2)), now: Timestamp(milliseconds: 2 * hour)) == .waiting)
    #expect(schedule.standing(of: failed, now: Timestamp(milliseconds: 1_000 * hour)) == .settled)
    #expect(DeliverySchedule(.sandbox).standing(of: [], now: Timestamp(milliseconds: 0)) == .due([Timestamp(milliseconds: 0)]))
  }
}
