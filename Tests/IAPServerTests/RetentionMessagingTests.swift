import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPServer
@testable import IAPFormats
@testable import IAPCrypto
@testable import IAPHTTP
@testable import IAPSystem

/// The Retention Messaging API as Apple documents it: images (PNG without transparency,
/// full size 3840 wide and 160–2160 high), messages (header 66, body 144, alt text 150, five
/// bullet points of 66), a default message per product and locale, one real-time URL
/// (`https`, or `http` on loopback), and the performance test of that URL.
@Suite struct RetentionMessagingTests: ServerAPITesting {
  let harness: TestHarness
  let keyId: String
  let issuerId: String
  let key: P256.PrivateKey

  init() throws { (harness, keyId, issuerId, key) = try ServerAPIFixture.make() }

  static let image = "1d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"
  static let icon = "2d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"
  static let message = "3d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"

  /// A PNG's signature and chunks as the header reader needs them (no pixels decoded).
  static func png(width: Int, height: Int, colorType: UInt8 = 2, transparency: Bool = false) -> [UInt8] {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let n = data.count
      return [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + Array(type.utf8) + data + [0, 0, 0, 0]
    }
    func be(_ n: Int) -> [UInt8] { [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }
    var bytes = PNGHeader.signature + chunk("IHDR", be(width) + be(height) + [8, colorType, 0, 0, 0])
    if transparency { bytes += chunk("tRNS", [0, 0, 0, 0, 0, 0]) }
    return bytes + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00]) + chunk("IEND", [])
  }

  func upload(_ id: String, _ bytes: [UInt8], size: String? = nil) -> HTTPResponse {
    var headers = HTTPHeaders([("Host", "127.0.0.1")])
    headers.add("Authorization", "Bearer " + token())
    headers.add("Content-Type", "image/png")
    let target = "/inApps/v1/messaging/image/\(id)" + (size.map { "?imageSize=\($0)" } ?? "")
    return api.respond(HTTPRequest(method: "PUT", target: target, headers: headers, body: bytes)!)
  }

  func uploadMessage(_ id: String = message, header: String = "Before you go", body: String = "Stay for half price.", extra: [(String, JSONValue)] = []) -> HTTPResponse {
    send("PUT", "/inApps/v1/messaging/message/\(id)", .object([("header", .string(header)), ("body", .string(body))] + extra))
  }

  @Test func imagesAreCheckedAsAppleChecksThemAndListed() throws {
    #expect(upload(Self.image, Self.png(width: 3840, height: 1080)).status == 200)
    #expect(upload(Self.image, Self.png(width: 3840, height: 1080)).jsonBody == ServerAPIError.retention(.imageAlreadyExists).json)
    #expect(upload(Self.icon, Self.png(width: 3840, height: 100)).jsonBody?["errorCode"] == .int(4_000_216), "too short for full size")
    #expect(upload(Self.icon, Self.png(width: 1920, height: 1080)).jsonBody?["errorCode"] == .int(4_000_216), "full size is 3840 wide")
    #expect(upload(Self.icon, Self.png(width: 256, height: 256, colorType: 6)).jsonBody?["errorCode"] == .int(4_000_161), "alpha")
    #expect(upload(Self.icon, Self.png(width: 256, height: 256, transparency: true), size: "BULLET_POINT").jsonBody?["errorCode"] == .int(4_000_161))
    #expect(upload(Self.icon, Array("GIF89a".utf8)).jsonBody?["errorCode"] == .int(4_000_161))
    #expect(upload(Self.icon, Self.png(width: 256, height: 256), size: "HUGE").jsonBody?["errorCode"] == .int(4_000_216))
    #expect(upload("not-a-uuid", Self.png(width: 256, height: 256), size: "BULLET_POINT").jsonBody?["errorCode"] == .int(4_000_000))
    #expect(upload(Self.icon.uppercased(), Self.png(width: 256, height: 256), size: "BULLET_POINT").status == 200)
    let list = try #require(get("/inApps/v1/messaging/image/list").jsonBody?["imageIdentifiers"]?.arrayValue)
    #expect(list.map { $0["imageIdentifier"]?.stringValue } == [Self.image, Self.icon])
    #expect(list.map { $0["imageSize"]?.stringValue } == ["FULL_SIZE", "BULLET_POINT"])
    #expect(list.allSatisfy { $0["imageState"] == .string("APPROVED") })
    #expect(send("DELETE", "/inApps/v1/messaging/image/\(Self.icon)").status == 200)
    #expect(send("DELETE", "/inApps/v1/messaging/image/\(Self.icon)").jsonBody == ServerAPIError.retention(.imageNotFound).json)
  }

  @Test func messagesKeepAppleTextLimitsAndTheirImages() throws {
    #expect(upload(Self.image, Self.png(width: 3840, height: 1080)).status == 200)
    #expect(upload(Self.icon, Self.png(width: 128, height: 128), size: "BULLET_POINT").status == 200)
    #expect(uploadMessage(header: String(repeating: "h", count: 67)).jsonBody?["errorCode"] == .int(4_000_162))
    #expect(uploadMessage(body: String(repeating: "b", count: 145)).jsonBody?["errorCode"] == .int(4_000_163))
    let image = JSONValue.object([("imageIdentifier", .string(Self.image)), ("altText", .string("A gift"))])
    #expect(uploadMessage(extra: [("headerPosition", .string("ABOVE_IMAGE"))]).jsonBody?["errorCode"] == .int(4_000_224))
    let longAlt = JSONValue.object([("imageIdentifier", .string(Self.image)), ("altText", .string(String(repeating: "a", count: 151)))])
    #expect(uploadMessage(extra: [("image", longAlt)]).jsonBody?["errorCode"] == .int(4_000_175))
    func points(_ n: Int, text: String = "Offline mode", imageId: String = Self.icon) -> (String, JSONValue) {
      ("bulletPoints", .array((0..<n).map { _ in .object([("text", .string(text)), ("imageIdentifier", .string(imageId)), ("altText", .string("icon"))]) }))
    }
    #expect(uploadMessage(extra: [points(6)]).jsonBody?["errorCode"] == .int(4_000_218))
    #expect(uploadMessage(extra: [points(1, text: String(repeating: "t", count: 67))]).jsonBody?["errorCode"] == .int(4_000_219))
    #expect(uploadMessage(extra: [points(1, imageId: Self.image)]).jsonBody?["errorCode"] == .int(4_000_216), "a full-size image as an icon")
    #expect(uploadMessage(extra: [points(1, imageId: Self.message)]).jsonBody?["errorCode"] == .int(4_040_014))
    #expect(uploadMessage(extra: [("image", image), ("headerPosition", .string("ABOVE_IMAGE")), points(5)]).status == 200)
    #expect(uploadMessage().jsonBody == ServerAPIError.retention(.messageAlreadyExists).json)
    #expect(send("DELETE", "/inApps/v1/messaging/image/\(Self.icon)").jsonBody?["errorCode"] == .int(4_030_019), "in use")
    let list = try #require(get("/inApps/v1/messaging/message/list").jsonBody?["messageIdentifiers"]?.arrayValue)
    #expect(list == [.object([("messageIdentifier", .string(Self.message)), ("messageState", .string("APPROVED"))])])
    #expect(send("DELETE", "/inApps/v1/messaging/message/\(Self.message)").status == 200)
    #expect(send("DELETE", "/inApps/v1/messaging/message/\(Self.message)").jsonBody?["errorCode"] == .int(4_040_015))
    #expect(send("DELETE", "/inApps/v1/messaging/image/\(Self.icon)").status == 200, "no longer in use")
  }

  @Test func aProductHasOneDefaultMessageALocale() throws {
    let path = "/inApps/v1/messaging/default/pro.monthly/en-US"
    let body = JSONValue.object([("messageIdentifier", .string(Self.message))])
    #expect(get(path).jsonBody?["errorCode"] == .int(4_040_020))
    #expect(send("PUT", path, body).jsonBody?["errorCode"] == .int(4_040_015), "no such message yet")
    #expect(uploadMessage().status == 200)
    #expect(send("PUT", "/inApps/v1/messaging/default/pro.monthly/english", body).jsonBody?["errorCode"] == .int(4_000_164))
    #expect(send("PUT", "/inApps/v1/messaging/default/sword/en-US", body).jsonBody?["errorCode"] == .int(4_000_023), "not a subscription")
    #expect(send("PUT", path, body).status == 200)
    #expect(get(path).jsonBody == .object([("messageIdentifier", .string(Self.message))]))
    #expect(get("/inApps/v1/messaging/default/pro.monthly/fr-FR").jsonBody?["errorCode"] == .int(4_040_020))
    #expect(send("DELETE", path).status == 200)
    #expect(send("DELETE", path).jsonBody?["errorCode"] == .int(4_040_020))
  }

  @Test func theRealtimeURLIsHTTPSOrLoopbackHTTP() throws {
    let path = "/inApps/v1/messaging/realtime/url"
    #expect(get(path).jsonBody?["errorCode"] == .int(4_040_021))
    for url in ["http://example.com/retention", "ftp://127.0.0.1/x", "https://", "https://example.com/" + String(repeating: "a", count: 240)] {
      #expect(send("PUT", path, .object([("realtimeURL", .string(url))])).jsonBody?["errorCode"] == .int(4_000_215), "\(url)")
    }
    for url in ["https://example.com/retention", "http://127.0.0.1:9000/r", "http://localhost/r", "http://[::1]:8080/r"] {
      #expect(send("PUT", path, .object([("realtimeURL", .string(url))])).status == 200, "\(url)")
      #expect(get(path).jsonBody == .object([("realtimeURL", .string(url))]))
    }
    #expect(send("DELETE", path).status == 200)
    #expect(send("DELETE", path).jsonBody?["errorCode"] == .int(4_040_021))
  }

  @Test func theConfigurationIsTheNamespaceStateAndSurvivesARestart() throws {
    #expect(uploadMessage().status == 200)
    let state = try String(contentsOfFile: harness.directory + "/.iap/retention-messaging.json", encoding: .utf8)
    #expect(state.contains(Self.message))
    // A new server over the same state answers what the first stored.
    let now = harness.now
    let fresh = keepingAPI { now }
    var headers = HTTPHeaders([("Host", "127.0.0.1")])
    headers.add("Authorization", "Bearer " + token())
    let list = fresh.respond(HTTPRequest(method: "GET", target: "/inApps/v1/messaging/message/list", headers: headers, body: [])!)
    #expect(list.jsonBody?["messageIdentifiers"]?.arrayValue?.count == 1)
  }

  @Test func resetClearsTheConfigurationAsItClearsTheKeys() throws {
    #expect(uploadMessage().status == 200)
    let reset = harness.run("reset")
    #expect(reset.status == 0, "\(reset.stderr)")
    #expect(!FileManager.default.fileExists(atPath: harness.directory + "/.iap/retention-messaging.json"))
  }

  @Test func eachNamespaceKeepsItsOwn() throws {
    let router = harness.router
    let created = try #require(harness.send("POST", "/iap/v1/namespaces", #"{"name": "a"}"#, via: router).jsonBody)
    let pem = try #require(created["key"]?["privateKey"]?.stringValue)
    let nsKey = try #require(P256.PrivateKey(rawRepresentation: try ECPrivateKey(pem: pem).privateKey))
    let nsToken = token(
      kid: created["key"]?["keyId"]?.stringValue, signer: nsKey,
      [("iss", created["key"]?["issuerId"]), ("bid", created["bundleId"])])
    let headers = [("Host", "127.0.0.1"), ("Content-Type", "application/json"), ("Authorization", "Bearer " + nsToken)]
    let url = #"{"realtimeURL": "https://example.com/a"}"#
    #expect(harness.send("PUT", "/ns/a/inApps/v1/messaging/realtime/url", url, headers: headers, via: router).status == 200)
    #expect(harness.send("GET", "/ns/a/inApps/v1/messaging/realtime/url", headers: headers, via: router).jsonBody == .object([("realtimeURL", .string("https://example.com/a"))]))
    #expect(get("/inApps/v1/messaging/realtime/url").jsonBody?["errorCode"] == .int(4_040_021), "the root store has none")
    #expect(FileManager.default.fileExists(atPath: harness.directory + "/.iap/namespaces/a/retention-messaging.json"))
  }

  @Test func aPerformanceTestSendsSignedRealtimeRequestsAndReportsThem() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let received = Locked<[JSONValue]>([])
    let receiver = try HTTPServer(host: "127.0.0.1", port: 0) { request in
      if let body = try? JSONParser.parse(request.body) { received.withLock { $0.append(body) } }
      return HTTPResponse(status: 200, body: [])
    }
    receiver.start()
    defer { receiver.stop() }
    #expect(send("POST", "/inApps/v1/messaging/performanceTest", .object([("originalTransactionId", .string("1"))])).jsonBody?["errorCode"] == .int(4_040_021))
    #expect(send("PUT", "/inApps/v1/messaging/realtime/url", .object([("realtimeURL", .string("http://127.0.0.1:\(receiver.port)/retention"))])).status == 200)
    #expect(send("POST", "/inApps/v1/messaging/performanceTest", .object([("originalTransactionId", .string("x"))])).jsonBody?["errorCode"] == .int(4_000_211))
    #expect(send("POST", "/inApps/v1/messaging/performanceTest", .object([("originalTransactionId", .string("9"))])).jsonBody?["errorCode"] == .int(4_040_005))
    let started = try #require(send("POST", "/inApps/v1/messaging/performanceTest", .object([("originalTransactionId", .string("1"))])).jsonBody)
    #expect(started["config"]?["responseTimeThreshold"] == .int(700))
    let requestId = try #require(started["requestId"]?.stringValue)
    let result = try #require(get("/inApps/v1/messaging/performanceTest/result/\(requestId)").jsonBody)
    #expect(result["result"] == .string("PASS"))
    #expect(result["successRate"] == .int(100))
    #expect(result["numPending"] == .int(0))
    #expect(result["target"] == .string("http://127.0.0.1:\(receiver.port)/retention"))
    #expect(result["responseTimes"]?["p99"]?.intValue != nil)
    let bodies = received.withLock { $0 }
    #expect(bodies.count == 10)
    let payload = try #require(bodies.first?["signedPayload"]?.stringValue.flatMap { try? JWS.decode($0, key: nil).payload })
    #expect(payload["originalTransactionId"] == .string("1"))
    #expect(payload["productId"] == .string("pro.monthly"))
    #expect(payload["environment"] == .string("LocalTesting"))
    #expect(get("/inApps/v1/messaging/performanceTest/result/nope").jsonBody?["errorCode"] == .int(4_000_212))
    #expect(get("/inApps/v1/messaging/performanceTest/result/\(Self.message)").jsonBody?["errorCode"] == .int(4_040_018))
  }

  @Test func aTestOfAnEndpointThatFailsFails() throws {
    #expect(harness.run("buy pro.monthly --finish").status == 0)
    let receiver = try HTTPServer(host: "127.0.0.1", port: 0) { _ in HTTPResponse(status: 500, body: []) }
    receiver.start()
    defer { receiver.stop() }
    #expect(send("PUT", "/inApps/v1/messaging/realtime/url", .object([("realtimeURL", .string("http://127.0.0.1:\(receiver.port)/"))])).status == 200)
    let requestId = try #require(send("POST", "/inApps/v1/messaging/performanceTest", .object([("originalTransactionId", .string("1"))])).jsonBody?["requestId"]?.stringValue)
    let result = try #require(get("/inApps/v1/messaging/performanceTest/result/\(requestId)").jsonBody)
    #expect(result["result"] == .string("FAIL"))
    #expect(result["failures"] == .object([("UNSUCCESSFUL_HTTP_RESPONSE_CODE", .int(10))]))
  }
}
