import Foundation
import Testing

@testable import IAPHTTP

/// Streamed bodies (`HTTPBodyStream`): what Server-Sent Events are written with.
@Suite struct HTTPStreamTests {
  static func server(_ body: @escaping @Sendable (HTTPStreamWriter) -> Void) throws -> HTTPServer {
    let server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
      guard request.path == "/stream" else { return .text("plain") }
      return HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/event-stream")]), stream: HTTPBodyStream(body))
    }
    server.start()
    return server
  }

  @Test func aStreamIsSentWithoutALengthAndEndsWithTheConnection() throws {
    let server = try Self.server { writer in
      _ = writer.write(Array("data: one\n\n".utf8))
      _ = writer.pause(milliseconds: 20)
      _ = writer.write(Array("data: two\n\n".utf8))
    }
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
    let response = try client.readStreamed()
    #expect(response.status == 200)
    #expect(response.headers["Content-Length"] == nil)
    #expect(response.closes)
    #expect(response.headers["Content-Type"] == "text/event-stream")
    #expect(response.text == "data: one\n\ndata: two\n\n")
  }

  @Test func stoppingTheServerEndsAStreamThatWouldRunForever() throws {
    let server = try Self.server { writer in
      while writer.write(Array(": tick\n".utf8)), writer.pause(milliseconds: 50) {}
    }
    let client = try HTTPTestClient(port: server.port)
    try client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.waitFor(Array(": tick\n".utf8)) != nil)
    let start = Date()
    server.stop()
    #expect(Date().timeIntervalSince(start) < 2, "stop() waits for the stream's thread, which the wake pipe ends")
    _ = try client.readStreamed()
  }

  @Test func aClientThatLeavesEndsItsStreamAndFreesTheConnection() throws {
    let ended = LockedBox(false)
    let server = try Self.server { writer in
      while writer.pause(milliseconds: 20) {}
      ended.withLock { $0 = true }
    }
    defer { server.stop() }
    do {
      let client = try HTTPTestClient(port: server.port)
      try client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
      _ = try client.waitFor(Array("\r\n\r\n".utf8))
    }  // closed here
    var waited = 0
    while !ended.withLock({ $0 }) && waited < 200 {
      usleep(10_000)
      waited += 1
    }
    #expect(ended.withLock { $0 })
    let other = try HTTPTestClient(port: server.port)
    #expect(try other.request("GET", "/").text == "plain")
  }
}
