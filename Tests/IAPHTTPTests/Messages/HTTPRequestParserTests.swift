import Testing
@testable import IAPHTTP

/// The request parser on bytes alone, no sockets: framing, limits, pipelining, refusals.
@Suite struct HTTPRequestParserTests {
  /// Every event `text` gives, fed at once.
  static func events(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> [HTTPRequestParser.Event] {
    var parser = HTTPRequestParser(limits: limits)
    parser.append(Array(text.utf8))
    return drain(&parser)
  }

  static func drain(_ parser: inout HTTPRequestParser) -> [HTTPRequestParser.Event] {
    var events: [HTTPRequestParser.Event] = []
    while let event = parser.next() {
      events.append(event)
      if case .failure = event { break }
    }
    return events
  }

  static func requests(_ events: [HTTPRequestParser.Event]) -> [HTTPRequest] {
    events.compactMap { if case .request(let request) = $0 { request } else { nil } }
  }

  static func failure(_ events: [HTTPRequestParser.Event]) -> HTTPRequestError? {
    events.lazy.compactMap { if case .failure(let error) = $0 { error } else { nil } }.first
  }

  @Test func readsAGetRequest() throws {
    let events = Self.events("GET /inApps/v1/history/42?revision=abc HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n")
    let request = try #require(Self.requests(events).first)
    #expect(events.count == 1)
    #expect(request.method == "GET")
    #expect(request.target == "/inApps/v1/history/42?revision=abc")
    #expect(request.path == "/inApps/v1/history/42")
    #expect(request.query("revision") == "abc")
    #expect(request.version == .http11)
    #expect(request.headers["host"] == "127.0.0.1")
    #expect(request.headers["ACCEPT"] == "*/*")
    #expect(request.body.isEmpty)
    #expect(request.wantsKeepAlive)
  }

  @Test func readsABodyByContentLength() throws {
    let body = #"{"a":1}"#
    let events = Self.events("POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
    #expect(Self.requests(events).first?.bodyText == body)
  }

  @Test func aRequestFedOneByteAtATimeIsTheSameRequest() {
    let text = "PUT /a%20b?x=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"
    var parser = HTTPRequestParser()
    var events: [HTTPRequestParser.Event] = []
    for byte in text.utf8 {
      parser.append([byte])
      events += Self.drain(&parser)
      #expect(parser.hasPartialRequest == events.isEmpty)
    }
    #expect(events == Self.events(text))
    #expect(Self.requests(events).first?.path == "/a b")
    #expect(!parser.hasPartialRequest)
  }

  @Test func pipelinedRequestsComeOutInOrder() {
    let text = "GET /1 HTTP/1.1\r\nHost: h\r\n\r\nPOST /2 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabcGET /3 HTTP/1.1\r\nHost: h\r\n\r\nGET /4 HT"
    var parser = HTTPRequestParser()
    parser.append(Array(text.utf8))
    let requests = Self.requests(Self.drain(&parser))
    #expect(requests.map(\.path) == ["/1", "/2", "/3"])
    #expect(requests[1].bodyText == "abc")
    #expect(parser.hasPartialRequest, "the fourth has begun")
    parser.append(Array("TP/1.1\r\nHost: h\r\n\r\n".utf8))
    #expect(Self.requests(Self.drain(&parser)).map(\.path) == ["/4"])
    #expect(!parser.hasPartialRequest)
  }

  @Test func toleratesBareLineFeedsAndLeadingEmptyLines() {
    let requests = Self.requests(Self.events("\r\n\nGET /a HTTP/1.1\nHost: h\nX-Y:  z \n\n"))
    #expect(requests.map(\.path) == ["/a"])
    #expect(requests.first?.headers["x-y"] == "z")
  }

  @Test func keepsRepeatedHeadersAndComparesNamesWithoutCase() throws {
    let request = try #require(Self.requests(Self.events("GET / HTTP/1.1\r\nHost: h\r\nX-A: 1\r\nx-a: 2\r\nConnection: Keep-Alive, CLOSE\r\n\r\n")).first)
    #expect(request.headers.values("X-a") == ["1", "2"])
    #expect(request.headers.fields.map(\.name) == ["Host", "X-A", "x-a", "Connection"])
    #expect(!request.wantsKeepAlive, "close in any case, among other tokens")
  }

  @Test func http10ClosesUnlessItAsksToKeepAlive() throws {
    let plain = try #require(Self.requests(Self.events("GET / HTTP/1.0\r\n\r\n")).first)
    #expect(plain.version == .http10)
    #expect(!plain.wantsKeepAlive)
    let kept = try #require(Self.requests(Self.events("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")).first)
    #expect(kept.wantsKeepAlive)
    let closed = try #require(Self.requests(Self.events("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")).first)
    #expect(!closed.wantsKeepAlive)
  }

  @Test func percentDecodesPathAndQueryButKeepsPlus() throws {
    let request = try #require(
      Self.requests(Self.events("GET /a%2Fb/%E2%9C%93?revision=a%2Bb+c&name=J%C3%BCrgen&flag&&empty=&x=%3D%26 HTTP/1.1\r\nHost: h\r\n\r\n")).first)
    #expect(request.path == "/a/b/✓")
    #expect(request.queryItems == [
      HTTPQueryItem("revision", "a+b+c"), HTTPQueryItem("name", "Jürgen"), HTTPQueryItem("flag", ""),
      HTTPQueryItem("empty", ""), HTTPQueryItem("x", "=&"),
    ])
    #expect(request.queryValues("missing").isEmpty)
  }

  @Test func acceptsAbsoluteFormAndAsteriskForOptions() throws {
    let absolute = try #require(Self.requests(Self.events("GET http://127.0.0.1:8080/p?q=1 HTTP/1.1\r\nHost: h\r\n\r\n")).first)
    #expect(absolute.path == "/p")
    #expect(absolute.query("q") == "1")
    let bare = try #require(Self.requests(Self.events("GET http://127.0.0.1:8080 HTTP/1.1\r\nHost: h\r\n\r\n")).first)
    #expect(bare.path == "/")
    let options = try #require(Self.requests(Self.events("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n")).first)
    #expect(options.path == "*")
  }

  @Test func acceptsRepeatedEqualContentLengths() {
    let requests = Self.requests(Self.events("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2, 2\r\nContent-Length: 2\r\n\r\nok"))
    #expect(requests.first?.bodyText == "ok")
  }

  /// Each malformed request and the status it is refused with.
  @Test(arguments: [
    ("GET /\r\n\r\n", 400),
    ("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET / HTTP/1.1 \r\nHost: h\r\n\r\n", 400),
    ("G(T / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET / http/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET / HTTP/1.1x\r\nHost: h\r\n\r\n", 400),
    ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
    ("GET / HTTP/0.9\r\nHost: h\r\n\r\n", 505),
    ("GET foo HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET ftp://h/x HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET * HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET /a\u{7F}b HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET /%zz HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET /?a=%C3 HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET /?a=%4 HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: h\r\n: v\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: h\r\nX-A: 1\r\n  folded\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\u{01}b\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\rb\r\n\r\n", 400),
    ("GET / HTTP/1.1\rHost: h\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: abc\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: +1\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length:\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5, 6\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 411),
    ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n", 411),
    ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 411),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1048577\r\n\r\n", 413),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413),
    ("POST / HTTP/1.1\r\nHost: h\r\nExpect: something\r\n\r\n", 417),
  ])
  func refusesMalformedRequests(_ text: String, _ status: Int) {
    let events = Self.events(text)
    #expect(Self.requests(events).isEmpty, "\(text.debugDescription)")
    #expect(Self.failure(events)?.status == status, "\(text.debugDescription): \(events)")
  }

  @Test func aFailureIsFinal() {
    var parser = HTTPRequestParser()
    parser.append(Array("BAD\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
    #expect(Self.failure(Self.drain(&parser))?.status == 400)
    #expect(parser.hasFailed)
    parser.append(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
    #expect(parser.next() == .failure(HTTPRequestError(400, "the request line is not METHOD SP target SP HTTP/1.1")))
  }

  @Test func anOverlongHeadIsRefusedBeforeItEnds() {
    var limits = HTTPRequestParser.Limits()
    limits.headerBytes = 1024
    var parser = HTTPRequestParser(limits: limits)
    parser.append(Array("GET / HTTP/1.1\r\nHost: h\r\n".utf8))
    #expect(parser.next() == nil)
    parser.append(Array("X-Big: \(String(repeating: "a", count: 1100))".utf8))
    #expect(Self.failure(Self.drain(&parser))?.status == 431, "without waiting for the end of the head")
  }

  /// Found by the http fuzz target: a CR at the end of a read, before the request line, was
  /// scanned past, so that the empty lines before a request were skipped or not depending on
  /// where the reads split.
  @Test func emptyLinesBeforeARequestAreSkippedWhereverTheReadsSplit() {
    let text = Array("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
    for cut in 0...text.count {
      var parser = HTTPRequestParser()
      parser.append(text[..<cut])
      var events = Self.drain(&parser)
      parser.append(text[cut...])
      events += Self.drain(&parser)
      #expect(Self.requests(events).map(\.path) == ["/"], "cut at \(cut)")
    }
  }

  /// The request line and headers together are at most 16 KB (431 past it).
  @Test func theDefaultHeaderLimitIs16KiB() {
    let fields = String(repeating: "X-Filler: \(String(repeating: "f", count: 1000))\r\n", count: 15)
    #expect(Self.requests(Self.events("GET / HTTP/1.1\r\nHost: h\r\n\(fields)\r\n")).count == 1, "about 15 KB passes")
    let more = String(repeating: "X-Filler: \(String(repeating: "f", count: 1000))\r\n", count: 17)
    #expect(Self.failure(Self.events("GET / HTTP/1.1\r\nHost: h\r\n\(more)\r\n"))?.status == 431)
  }

  @Test func tooManyHeaderFieldsIs431() {
    let fields = (0..<100).map { "X-\($0): v\r\n" }.joined()
    #expect(Self.failure(Self.events("GET / HTTP/1.1\r\nHost: h\r\n\(fields)\r\n"))?.status == 431)
    let fewer = (0..<99).map { "X-\($0): v\r\n" }.joined()
    #expect(Self.requests(Self.events("GET / HTTP/1.1\r\nHost: h\r\n\(fewer)\r\n")).count == 1)
  }

  @Test func anOverlongRequestLineIs414() {
    let target = "/" + String(repeating: "a", count: 9000)
    #expect(Self.failure(Self.events("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n"))?.status == 414)
    var parser = HTTPRequestParser()
    parser.append(Array("GET \(target)".utf8))
    #expect(Self.failure(Self.drain(&parser))?.status == 414, "before the line ends")
  }

  @Test func aBodyAtTheLimitPassesAndOneByteMoreIs413() {
    let limit = HTTPRequestParser.Limits().bodyBytes
    #expect(limit == 1 << 20)
    var parser = HTTPRequestParser()
    parser.append(Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(limit)\r\n\r\n".utf8))
    #expect(parser.next() == nil)
    parser.append([UInt8](repeating: 0x61, count: limit))
    #expect(Self.requests(Self.drain(&parser)).first?.body.count == limit)
    #expect(Self.failure(Self.events("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(limit + 1)\r\n\r\n"))?.status == 413)
  }

  @Test func expectContinueIsAnnouncedOnceBeforeTheBody() {
    var parser = HTTPRequestParser()
    parser.append(Array("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8))
    #expect(parser.next() == .continueExpected)
    #expect(parser.next() == nil)
    parser.append(Array("ok".utf8))
    #expect(Self.requests(Self.drain(&parser)).first?.bodyText == "ok")
    let sentAtOnce = Self.events("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok")
    #expect(sentAtOnce.count == 1, "the body is already here: nothing to announce")
  }

  @Test func theRefusalAnswersWithItsStatus() {
    let response = HTTPRequestError(431, "too long").response
    #expect(response.status == 431)
    #expect(response.reason == "Request Header Fields Too Large")
    #expect(String(decoding: response.body, as: UTF8.self) == "too long\n")
  }
}
