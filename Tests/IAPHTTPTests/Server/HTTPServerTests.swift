import Foundation
import Testing
@testable import IAPFormats
@testable import IAPHTTP

/// The server on 127.0.0.1, a port of the kernel's choice, driven by a raw-socket client.
/// Every wait is bounded: the client's reads time out after 3 s, and timeouts under test are
/// made short.
@Suite struct HTTPServerTests {
  /// Answers with what it read, as JSON.
  static let echo: HTTPServer.Handler = { request in
    .json(
      .object([
        ("method", .string(request.method)),
        ("path", .string(request.path)),
        ("query", .array(request.queryItems.map { .array([.string($0.name), .string($0.value)]) })),
        ("contentType", .string(request.headers["content-type"] ?? "")),
        ("body", request.body.isEmpty ? .null : (try? JSONParser.parse(request.body)) ?? .string(request.bodyText)),
      ]))
  }

  /// Runs `body` with a started server, and stops it afterwards.
  static func withServer(
    _ configuration: HTTPServer.Configuration = .init(), handler: @escaping HTTPServer.Handler = echo, _ body: (HTTPServer) throws -> Void
  ) throws {
    let server = try HTTPServer(host: "127.0.0.1", port: 0, configuration: configuration, handler: handler)
    server.start()
    defer { server.stop() }
    try body(server)
  }

  /// Short timeouts, for the tests that wait them out.
  static var quick: HTTPServer.Configuration {
    var configuration = HTTPServer.Configuration()
    configuration.idleTimeoutMilliseconds = 400
    configuration.requestTimeoutMilliseconds = 400
    configuration.headTimeoutMilliseconds = 400
    configuration.writeTimeoutMilliseconds = 1_000
    return configuration
  }

  @Test func bindsAPortOfTheKernelsChoice() throws {
    let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: Self.echo)
    #expect(server.port != 0)
    #expect(throws: HTTPServerError.self, "the port is taken") { try HTTPServer(host: "127.0.0.1", port: server.port, handler: Self.echo) }
    server.stop()
    let named = try HTTPServer(host: "localhost", port: 0, handler: Self.echo)
    named.stop()
  }

  @Test func refusesHostsThatAreNotAddresses() {
    #expect(throws: HTTPServerError.self) { try HTTPServer(host: "example.invalid", port: 0, handler: Self.echo) }
    #expect(throws: HTTPServerError.self) { try HTTPServer(host: "127.0.0.256", port: 0, handler: Self.echo) }
  }

  @Test func getWithAQuery() throws {
    try Self.withServer { server in
      let client = try HTTPTestClient(port: server.port)
      let response = try client.request("GET", "/inApps/v1/history/2000?revision=a%2Bb+c&productType=AUTO_RENEWABLE&productType=CONSUMABLE")
      #expect(response.status == 200)
      #expect(response.headers["Content-Type"] == "application/json")
      #expect(response.headers["Content-Length"] == String(response.body.count))
      #expect(!response.closes)
      let json = try #require(response.json)
      #expect(json["method"] == .string("GET"))
      #expect(json["path"] == .string("/inApps/v1/history/2000"))
      #expect(
        json["query"]
          == .array([
            .array([.string("revision"), .string("a+b+c")]), .array([.string("productType"), .string("AUTO_RENEWABLE")]),
            .array([.string("productType"), .string("CONSUMABLE")]),
          ]))
    }
  }

  @Test(arguments: ["POST", "PUT"])
  func aJSONBody(_ method: String) throws {
    try Self.withServer { server in
      let client = try HTTPTestClient(port: server.port)
      let body = #"{"customerConsented":true,"deliveryStatus":0,"note":"ü"}"#
      let response = try client.request(method, "/inApps/v1/transactions/consumption/1", body: body, headers: ["Content-Type: application/json"])
      #expect(response.status == 200)
      let json = try #require(response.json)
      #expect(json["method"] == .string(method))
      #expect(json["contentType"] == .string("application/json"))
      #expect(json["body"] == (try JSONParser.parse(body)))
    }
  }

  @Test func keepsOneConnectionForSeveralRequests() throws {
    try Self.withServer { server in
      let client = try HTTPTestClient(port: server.port)
      for index in 1...3 {
        let response = try client.request("GET", "/n/\(index)")
        #expect(response.status == 200)
        #expect(!response.closes)
        #expect(response.json?["path"] == .string("/n/\(index)"))
      }
      #expect(server.activeConnections == 1)
    }
  }

  @Test func answersPipelinedRequestsInOrder() throws {
    try Self.withServer { server in
      let client = try HTTPTestClient(port: server.port)
      try client.send(
        "GET /1 HTTP/1.1\r\nHost: h\r\n\r\nPOST /2 HTTP/1.1\r\nHost: h\r\nContent-Length: 7\r\n\r\n{\"a\":2}"
          + "HEAD /3 HTTP/1.1\r\nHost: h\r\n\r\nGET /4 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
      let first = try client.readResponse()
      let second = try client.readResponse()
      let third = try client.readResponse(to: "HEAD")
      let fourth = try client.readResponse()
      #expect(first.json?["path"] == .string("/1"))
      #expect(second.json?["body"] == .object([("a", .int(2))]))
      #expect(third.body.isEmpty && third.headers["Content-Length"].flatMap(Int.init) ?? 0 > 0, "HEAD: the length, no body")
      #expect(fourth.json?["path"] == .string("/4"))
      #expect(fourth.closes)
      #expect(client.isClosedByServer())
    }
  }

  @Test func garbageIs400AndTheConnectionCloses() throws {
    try Self.withServer { server in
      let client = try HTTPTestClient(port: server.port)
      try client.send("this is not HTTP at all\r\n\r\nmore garbage")
      let response = try client.readResponse()
      #expect(response.status == 400)
      #expect(response.closes)
      #expect(client.isClosedByServer())
      // The server is unharmed.
      #expect(try HTTPTestClient(port: server.port).request("GET", "/").status == 200)
    }
  }

  @Test func refusesChunkedAndOversizedBodies() throws {
    try Self.withServer { server in
      let chunked = try HTTPTestClient(port: server.port)
      try chunked.send("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
      #expect(try chunked.readResponse().status == 411)
      #expect(chunked.isClosedByServer())
      let large = try HTTPTestClient(port: server.port)
      try large.send("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(2 << 20)\r\n\r\n" + String(repeating: "x", count: 100_000))
      let refused = try large.readResponse()
      #expect(refused.status == 413)
      #expect(refused.closes)
    }
  }

  @Test func aBodyOfOneMebibyteArrives() throws {
    try Self.withServer(handler: { .text(String($0.body.count)) }) { server in
      let client = try HTTPTestClient(port: server.port)
      let response = try client.request("POST", "/big", body: String(repeating: "b", count: 1 << 20))
      #expect(response.text == String(1 << 20))
    }
  }

  @Test func saysContinueToAClientThatExpectsIt() throws {
    try Self.withServer { server in
      let client = try HTTPTestClient(port: server.port)
      try client.send("PUT /c HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
      #expect(try client.readResponse().status == 100)
      try client.send("true")
      #expect(try client.readResponse().json?["body"] == .bool(true))
    }
  }

  @Test func http10ClosesUnlessAskedToKeepAlive() throws {
    try Self.withServer { server in
      let plain = try HTTPTestClient(port: server.port)
      try plain.send("GET /old HTTP/1.0\r\n\r\n")
      let answer = try plain.readResponse()
      #expect(answer.status == 200 && answer.closes)
      #expect(plain.isClosedByServer())
      let kept = try HTTPTestClient(port: server.port)
      for _ in 1...2 {
        try kept.send("GET /old HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let response = try kept.readResponse()
        #expect(response.headers["Connection"] == "keep-alive")
      }
    }
  }

  @Test func concurrentClientsAreAllAnsweredCorrectly() throws {
    try Self.withServer { server in
      let failures = LockedBox<[String]>([])
      let group = DispatchGroup()
      for thread in 0..<8 {
        group.enter()
        Thread.detachNewThread {
          defer { group.leave() }
          do {
            // Half keep one connection, half open one per request.
            var client = try HTTPTestClient(port: server.port)
            for index in 0..<20 {
              if thread % 2 == 1 { client = try HTTPTestClient(port: server.port) }
              let body = #"{"thread":\#(thread),"index":\#(index)}"#
              let response = try client.request("POST", "/t/\(thread)?i=\(index)", body: body)
              let json = response.json
              if response.status != 200 || json?["path"] != .string("/t/\(thread)")
                || json?["query"] != .array([.array([.string("i"), .string(String(index))])]) || json?["body"] != (try? JSONParser.parse(body))
              {
                failures.withLock { $0.append("thread \(thread) request \(index): \(response.status) \(response.text)") }
              }
            }
          } catch {
            failures.withLock { $0.append("thread \(thread): \(error)") }
          }
        }
      }
      #expect(group.wait(timeout: .now() + 30) == .success, "all clients done within 30 s")
      #expect(failures.withLock { $0 } == [])
    }
  }
}
