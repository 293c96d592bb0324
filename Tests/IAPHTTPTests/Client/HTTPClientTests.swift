import Foundation
import Testing

@testable import IAPFormats
@testable import IAPHTTP

/// The general client (`HTTPClient`, `HTTPResponseStream`) against the server of this library.
@Suite struct HTTPClientTests {
  static func server() throws -> HTTPServer {
    let server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
      switch request.path {
      case "/echo":
        return .json(.object([
          ("method", .string(request.method)), ("body", .string(String(decoding: request.body, as: UTF8.self))),
          ("token", .optional(request.headers["X-Token"])), ("query", .optional(request.query("q"))),
        ]))
      case "/events":
        return HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/event-stream")]), stream: HTTPBodyStream { writer in
          _ = writer.write(Array("retry: 500\n\n: comment\nid: 1\nevent: transaction\ndata: {\"a\":1}\n\n".utf8))
          _ = writer.pause(milliseconds: 20)
          _ = writer.write(Array("data: two\ndata: lines\n\n".utf8))
        })
      default:
        return .json(.object([("error", .string("missing"))]), status: 404)
      }
    }
    server.start()
    return server
  }

  @Test func sendsARequestAndReadsTheWholeAnswer() throws {
    let server = try Self.server()
    defer { server.stop() }
    let url = "http://127.0.0.1:\(server.port)"
    let answer = try HTTPClient.send("POST", url + "/echo?q=1", headers: [("X-Token", "t")], body: Array("hello".utf8))
    #expect(answer.status == 200)
    #expect(answer.json == .object([("method", .string("POST")), ("body", .string("hello")), ("token", .string("t")), ("query", .string("1"))]))
    let missing = try HTTPClient.send("GET", url + "/nothing")
    #expect(missing.status == 404)
    #expect(missing.json?["error"]?.stringValue == "missing")
  }

  @Test func readsAStreamAsItComesAndParsesItsEvents() throws {
    let server = try Self.server()
    defer { server.stop() }
    let stream = try HTTPClient.open("GET", "http://127.0.0.1:\(server.port)/events")
    #expect(stream.status == 200)
    #expect(stream.headers["Content-Type"] == "text/event-stream")
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    while let bytes = try stream.read() { events += parser.feed(bytes) }
    #expect(events == [
      ServerSentEvent(id: "1", event: "transaction", data: #"{"a":1}"#),
      ServerSentEvent(id: "1", event: "message", data: "two\nlines"),
    ])
    #expect(parser.retryMilliseconds == 500)
  }

  @Test func failuresSayWhatWentWrong() throws {
    #expect(throws: HTTPPoster.Failure.self) { try HTTPClient.send("GET", "https://example.com/") }
    do {
      _ = try HTTPClient.send("GET", "http://127.0.0.1:9/", timeout: 2)
      Issue.record("a closed port answered")
    } catch {
      #expect(error.kind == .socketIssue)
    }
  }
}

/// The event stream format, fed in awkward pieces (WHATWG HTML, "Interpreting an event stream").
@Suite struct ServerSentEventParserTests {
  @Test func linesMayEndWithLFCRLFOrCRAndArriveInAnyPieces() {
    let text = "id: 7\r\nevent: a\rdata: x\n\ndata\n\n:ignored\nid: 8\ndata:  y\r\n\r\n"
    var whole = ServerSentEventParser()
    let expected = [
      ServerSentEvent(id: "7", event: "a", data: "x"),
      ServerSentEvent(id: "7", event: "message", data: ""),
      ServerSentEvent(id: "8", event: "message", data: " y"),
    ]
    #expect(whole.feed(Array(text.utf8)) == expected)
    var bytewise = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for byte in Array(text.utf8) { events += bytewise.feed([byte]) }
    #expect(events == expected)
  }

  @Test func anEventWithoutDataIsNotDispatchedAndUnknownFieldsAreIgnored() {
    var parser = ServerSentEventParser()
    #expect(parser.feed(Array("event: nothing\nfoo: bar\n\nretry: soon\n\n".utf8)).isEmpty)
    #expect(parser.retryMilliseconds == nil)
  }
}
