import Testing
import IAPFormats
@testable import IAPHTTP

/// Requests' targets and queries, headers, and how responses are framed.
@Suite struct HTTPMessageTests {
  @Test func decodesQueryItems() {
    #expect(HTTPQueryItem.parse("a=1&b=&c&&d=x%20y+z&=v", plusIsSpace: false) == [
      HTTPQueryItem("a", "1"), HTTPQueryItem("b", ""), HTTPQueryItem("c", ""), HTTPQueryItem("d", "x y+z"), HTTPQueryItem("", "v"),
    ])
    #expect(HTTPQueryItem.parse("", plusIsSpace: false) == [])
    #expect(HTTPQueryItem.parse("a=%", plusIsSpace: false) == nil)
    #expect(HTTPQueryItem.parse("a=%FF", plusIsSpace: false) == nil, "not UTF-8")
    #expect(HTTPQueryItem.percentDecode("%e2%9c%93") == "✓", "lower-case hex")
  }

  @Test func aFormBodyReadsPlusAsSpace() throws {
    let request = try #require(HTTPRequest(method: "POST", target: "/form?q=a+b", body: Array("name=J%C3%BCrgen+M&x=1%2B1".utf8)))
    #expect(request.formItems == [HTTPQueryItem("name", "Jürgen M"), HTTPQueryItem("x", "1+1")])
    #expect(request.query("q") == "a+b")
  }

  @Test func refusesTargetsItCannotRoute() {
    #expect(HTTPRequest(method: "GET", target: "relative") == nil)
    #expect(HTTPRequest(method: "GET", target: "http:///nohost") == nil)
    #expect(HTTPRequest(method: "GET", target: "/ok#fragment")?.path == "/ok")
  }

  @Test func headersEditByNameInAnyCase() {
    var headers = HTTPHeaders([("Content-Type", "a"), ("X-One", "1")])
    headers.add("x-one", "2")
    #expect(headers.values("X-ONE") == ["1", "2"])
    headers.set("X-One", "3")
    #expect(headers.values("x-one") == ["3"])
    headers.remove("CONTENT-TYPE")
    #expect(!headers.contains("content-type"))
    #expect(headers.hasToken("3", in: "X-One"))
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func alwaysSendsTheLengthAndDecidesConnectionItself() {
    var response = HTTPResponse.text("hi")
    response.headers.add("Content-Length", "999")
    response.headers.add("Connection", "keep-alive")
    response.headers.add("Transfer-Encoding", "chunked")
    response.headers.add("X-Request-Id", "7")
    #expect(Self.text(response.serialized(closing: false)) == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nX-Request-Id: 7\r\nContent-Length: 2\r\n\r\nhi")
    #expect(Self.text(response.serialized(closing: true)).contains("Content-Length: 2\r\nConnection: close\r\n\r\nhi"))
    #expect(Self.text(response.serialized(closing: false, keepAliveHeader: true)).contains("Connection: keep-alive\r\n\r\n"))
    #expect(Self.text(HTTPResponse(status: 404).serialized(closing: false)) == "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
  }

  @Test func headHasTheLengthButNoBodyAnd204HasNeither() {
    let head = Self.text(HTTPResponse.text("hello").serialized(closing: false, includeBody: false))
    #expect(head.hasSuffix("Content-Length: 5\r\n\r\n"))
    let noContent = Self.text(HTTPResponse(status: 204, body: Array("ignored".utf8)).serialized(closing: false))
    #expect(noContent == "HTTP/1.1 204 No Content\r\n\r\n")
  }

  @Test func aHandlerCannotInjectLines() {
    var response = HTTPResponse(status: 200, reason: "OK\r\nX-Evil: 1")
    response.headers.add("X-A", "v\r\n\r\nHTTP/1.1 200 OK")
    let text = Self.text(response.serialized(closing: false))
    // "\r\n" is one Character in Swift: one space each.
    #expect(text == "HTTP/1.1 200 OK X-Evil: 1\r\nX-A: v  HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
  }

  @Test func jsonResponses() {
    let response = HTTPResponse.json(.object([("signedTransactions", .array([.string("a.b.c")])), ("hasMore", .bool(false))]), status: 201)
    #expect(response.status == 201)
    #expect(response.reason == "Created")
    #expect(response.headers["content-type"] == "application/json")
    #expect(Self.text(response.body) == #"{"signedTransactions":["a.b.c"],"hasMore":false}"#)
    #expect(response.jsonBody?["hasMore"] == .bool(false))
    #expect(HTTPResponse(status: 418).reason == "Client Error")
  }
}
