import Foundation
import IAPCrypto
import IAPFormats
import IAPHTTP
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// `notifications check`: every notification the store can produce, posted to an endpoint
/// and judged, in a namespace of its own; the chaos modes bend delivery as they say.
@Suite struct NotificationsCheckCommandTests {
  /// The trigger's catalog: a product for every flow.
  let harness = TestHarness(catalog: NotificationsTriggerCommandTests.catalog)

  static let secret = "check-secret"

  /// An endpoint on loopback that verifies each payload's signature with the store's secret
  /// (401 when it does not verify), answers 500 for the types in `failing`, else 200, and
  /// keeps what it was posted; with `pause`, it answers that many seconds late.
  final class Receiver: @unchecked Sendable {
    struct Post {
      var name: String
      var uuid: String
      var verified: Bool
      var signedDate: Int64
    }

    private let lock = NSLock()
    private var posts: [Post] = []
    private var server: HTTPServer?

    init(failing: Set<String> = [], verifying: Bool = true, pause: Double = 0) throws {
      let server = try HTTPServer(host: "127.0.0.1", port: 0) { [unowned self] request in
        let token = (try? JSONParser.parse(request.body))?["signedPayload"]?.stringValue ?? ""
        guard let decoded = try? JWS.decode(token, key: Array(NotificationsCheckCommandTests.secret.utf8)) else { return HTTPResponse(status: 400) }
        let payload = decoded.payload
        let type = payload["notificationType"]?.stringValue ?? "?"
        let name = payload["subtype"]?.stringValue.map { "\(type)/\($0)" } ?? type
        let post = Post(
          name: name, uuid: payload["notificationUUID"]?.stringValue ?? "?", verified: decoded.signatureValid == true,
          signedDate: payload["signedDate"]?.intValue ?? 0)
        lock.withLock { posts.append(post) }
        if pause > 0 { Thread.sleep(forTimeInterval: pause) }
        if verifying && !post.verified { return HTTPResponse(status: 401) }
        return HTTPResponse(status: failing.contains(type) ? 500 : 200)
      }
      server.start()
      self.server = server
    }

    var url: String { "http://127.0.0.1:\(server?.port ?? 0)/asn" }
    var received: [Post] { lock.withLock { posts } }
    func stop() { server?.stop() }
  }

  init() {
    harness.run("settings set signing-secret \(Self.secret)")
  }

  @Test func anEndpointThatAnswers200PassesForEveryNotificationAndTheStoreIsUntouched() throws {
    let receiver = try Receiver()
    defer { receiver.stop() }
    let result = harness.run("notifications check --url \(receiver.url) --json")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let rows = result.json["results"]?.arrayValue ?? []
    #expect(rows.count == TriggerFlow.all.count)
    for row in rows {
      #expect(row["passed"] == .bool(true) && row["skipped"] == .null, "\(row)")
      #expect(row["answers"]?.arrayValue?.first?["status"] == .int(200))
    }
    let received = receiver.received
    #expect(received.map(\.name) == TriggerFlow.all.map { $0.name.replacingOccurrences(of: " ", with: "/") })
    #expect(Set(received.map(\.uuid)).count == received.count)
    #expect(received.allSatisfy { $0.verified })
    // The run played in a namespace of its own, deleted after: this store sold nothing.
    #expect(harness.run("history --json").json.transactions.isEmpty)
    #expect(harness.run("notifications --json").json["notifications"]?.arrayValue?.isEmpty == true)
    let namespaces = (try? FileManager.default.contentsOfDirectory(atPath: harness.directory + "/.iap/namespaces")) ?? []
    #expect(namespaces.isEmpty, "\(namespaces)")
  }

  @Test func aRunFromANamespacePlaysInANamespaceBesideIt() throws {
    let receiver = try Receiver()
    defer { receiver.stop() }
    harness.run("--namespace team settings set signing-secret \(Self.secret)")
    let result = harness.run("--namespace team notifications check --url \(receiver.url) --types ONE_TIME_CHARGE")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(receiver.received.map(\.name) == ["ONE_TIME_CHARGE"])
    let namespaces = (try? FileManager.default.contentsOfDirectory(atPath: harness.directory + "/.iap/namespaces")) ?? []
    #expect(namespaces == ["team"], "only the namespace the run started from is left")
  }

  @Test func anEndpointThatAnswers500ForOneTypeFailsTheRunNamingIt() throws {
    let receiver = try Receiver(failing: ["DID_RENEW"])
    defer { receiver.stop() }
    let result = harness.run("notifications check --url \(receiver.url) --types ONE_TIME_CHARGE,DID_RENEW")
    #expect(result.status == 1)
    #expect(result.stdout.contains("failed: 2 of 3: DID_RENEW, DID_RENEW BILLING_RECOVERY"), "\(result.stdout)")
    let json = harness.run("notifications check --url \(receiver.url) --types ONE_TIME_CHARGE,DID_RENEW/BILLING_RECOVERY --json")
    #expect(json.status == 1)
    let rows = json.json["results"]?.arrayValue ?? []
    #expect(rows.map { $0["passed"] } == [.bool(true), .bool(false)])
    #expect(rows.last?["answers"]?.arrayValue?.first?["status"] == .int(500))
    #expect(rows.last?["answers"]?.arrayValue?.first?["sendAttemptResult"] == .string("UNSUCCESSFUL_HTTP_RESPONSE_CODE"))
    #expect(json.json["passed"] == .bool(false))
  }

  @Test func duplicateReorderAndFailFirstPostAsTheySay() throws {
    let receiver = try Receiver()
    defer { receiver.stop() }
    let result = harness.run("notifications check --url \(receiver.url) --types ONE_TIME_CHARGE,SUBSCRIBED/INITIAL_BUY --chaos duplicate,reorder,fail-first --json")
    #expect(result.status == 0, "\(result.stdout)")
    let received = receiver.received
    // Last first; each a broken signature, then as signed, then the same again.
    #expect(received.map(\.name) == Array(repeating: "SUBSCRIBED/INITIAL_BUY", count: 3) + Array(repeating: "ONE_TIME_CHARGE", count: 3))
    #expect(received.map(\.verified) == [false, true, true, false, true, true])
    #expect(Set(received.prefix(3).map(\.uuid)).count == 1, "a retry and a duplicate keep the notificationUUID")
    let attempts = (result.json["results"]?.arrayValue?.first?["answers"]?.arrayValue ?? []).map { $0["attempt"]?.stringValue }
    #expect(attempts == ["broken-signature", "retry", "duplicate"])
  }

  @Test func anEndpointThatAcceptsABrokenSignatureFailsFailFirst() throws {
    let receiver = try Receiver(verifying: false)
    defer { receiver.stop() }
    let result = harness.run("notifications check --url \(receiver.url) --types ONE_TIME_CHARGE --chaos fail-first")
    #expect(result.status == 1)
    #expect(result.stdout.contains("a signature that does not verify"), "\(result.stdout)")
  }

  @Test func delaySignsEachAsApplesLastRetryArrives() throws {
    let receiver = try Receiver()
    defer { receiver.stop() }
    #expect(harness.run("notifications check --url \(receiver.url) --types REFUND --chaos delay").status == 0)
    let hours: Int64 = 1 + 12 + 24 + 48 + 72
    #expect(receiver.received.map(\.signedDate) == [harness.now.milliseconds - hours * 3_600_000])
  }

  @Test func anAnswerPastTheTimeLimitFails() throws {
    let receiver = try Receiver(pause: Double(NotificationCheckRequest.answerLimitMilliseconds) / 1000 + 1)
    defer { receiver.stop() }
    let result = harness.run("notifications check --url \(receiver.url) --types TEST --json")
    #expect(result.status == 1)
    #expect(result.json["results"]?.arrayValue?.first?["answers"]?.arrayValue?.first?["sendAttemptResult"] == .string("TIMED_OUT"))
  }

  @Test func anEndpointThatDoesNotAnswerFails() {
    let result = harness.run("notifications check --url http://127.0.0.1:9/asn --types TEST --json")
    #expect(result.status == 1)
    #expect(result.json["results"]?.arrayValue?.first?["answers"]?.arrayValue?.first?["sendAttemptResult"] == .string("SOCKET_ISSUE"))
  }

  @Test func aNotificationTheCatalogCannotProduceIsSkippedWithWhy() throws {
    let receiver = try Receiver()
    defer { receiver.stop() }
    let small = TestHarness(catalog: TestHarness.plist(products: [TestHarness.product("sword", "nonConsumable", price: "<string>4.99</string>")]))
    small.run("settings set signing-secret \(Self.secret)")
    let result = small.run("notifications check --url \(receiver.url) --types ONE_TIME_CHARGE,REFUND --json")
    #expect(result.status == 0, "a skipped notification neither passes nor fails the run")
    let refund = result.json["results"]?.arrayValue?.last
    #expect(refund?["notificationType"] == .string("REFUND"))
    #expect(refund?["skipped"]?.stringValue?.contains("consumable") == true, "\(String(describing: refund))")
    #expect(receiver.received.map(\.name) == ["ONE_TIME_CHARGE"])
    let nothing = small.run("notifications check --url \(receiver.url) --types REFUND")
    #expect(nothing.status == 1)
    #expect(nothing.stdout.contains("failed: no notification could be played"))
  }

  @Test func badInputIsRefusedInOneLine() {
    let cases: [(String, String)] = [
      ("notifications check --url http://127.0.0.1:9/ --types NOT_A_TYPE", "unknown notification type 'NOT_A_TYPE'"),
      ("notifications check --url http://127.0.0.1:9/ --types DID_RENEW/UPGRADE", "DID_RENEW has no subtype 'UPGRADE'"),
      ("notifications check --url http://127.0.0.1:9/ --types METADATA_UPDATE", "Advanced Commerce"),
      ("notifications check --url http://127.0.0.1:9/ --chaos sideways", "unknown chaos mode 'sideways'"),
      ("notifications check --url ftp://example.com/", "--url"),
      ("notifications check", "--url"),
    ]
    for (line, message) in cases {
      let result = harness.run(line)
      #expect(result.status == 64, "\(line)")
      #expect(result.stderr.contains(message), "\(line): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }
}
