/// Reads HTTP/1.1 (and 1.0) requests out of the bytes of one connection, as they arrive.
///
/// A pure value: `append` the bytes read, then call `next()` until it returns nil (more
/// bytes needed). Requests come out in the order they were sent, so pipelined requests on
/// one connection are answered in order. The first malformed request makes every later call
/// return the same `.failure`: the connection must be answered and closed, since where the
/// next request would start is unknown.
///
/// Strict by design (this server faces test clients, and a lenient parser hides their bugs):
/// - the request line is `METHOD SP request-target SP HTTP/1.x`, single spaces, a token for
///   the method and visible ASCII for the target; another `HTTP/d.d` is 505, the rest 400;
/// - lines end in CRLF, or a bare LF (tolerated, RFC 9112 §2.2); a CR anywhere else is 400;
///   empty lines before a request line are skipped (§2.2);
/// - header fields are `token ":" OWS value OWS`: whitespace before the colon, folded lines
///   and control characters in values are 400; HTTP/1.1 needs exactly one `Host` (§3.2);
/// - the head (request line and fields) may take `Limits.headerBytes` (431), the request
///   line `Limits.requestLineBytes` (414), and at most `Limits.headerCount` fields (431);
/// - the body is framed by `Content-Length` only, at most `Limits.bodyBytes` (413); a
///   missing length is an empty body; lengths that disagree or are not digits are 400;
/// - `Transfer-Encoding` is refused: `chunked` with 411 Length Required (the client can
///   resend with a length, and no client of the App Store Server API streams), any other
///   coding with 501 Not Implemented (§6.1). Accepting one without decoding it would let a
///   body be read as the next request (request smuggling).
/// - `Expect: 100-continue` yields `.continueExpected` once, so that the server can say
///   `100 Continue` before the client sends the body; any other expectation is 417.
package struct HTTPRequestParser: Sendable {
  /// What the parser refuses beyond, and the status it answers with.
  package struct Limits: Sendable {
    /// The request line and header fields together, with their line ends (431).
    package var headerBytes = 16 * 1024
    /// The request line alone (414).
    package var requestLineBytes = 8 * 1024
    /// Header fields (431).
    package var headerCount = 100
    /// The body (413).
    package var bodyBytes = 1024 * 1024

    package init() {}
  }

  /// What `next()` found.
  package enum Event: Equatable, Sendable {
    /// A complete request.
    case request(HTTPRequest)
    /// The head of a request that waits for `100 Continue` before sending its body.
    case continueExpected
    /// A malformed request: answer with `error.response` and close.
    case failure(HTTPRequestError)
  }

  /// The head of a request whose body has not all arrived.
  private struct PendingBody: Sendable {
    var request: HTTPRequest
    var length: Int
  }

  private enum State: Sendable {
    case head
    case body(PendingBody)
    case failed(HTTPRequestError)
  }

  package let limits: Limits
  private var buffer: [UInt8] = []
  /// Where the unread bytes start in `buffer`.
  private var start = 0
  /// How far the search for the end of the head has gone, from `start`: not rescanning
  /// keeps a head that arrives a byte at a time linear.
  private var scanned = 0
  private var state = State.head

  package init(limits: Limits = Limits()) { self.limits = limits }

  /// Adds bytes read from the connection.
  package mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Whether bytes of a request not yet complete have arrived: the server then waits for the
  /// rest under the request deadline rather than the idle timeout.
  package var hasPartialRequest: Bool {
    if case .body = state { return true }
    return start < buffer.count
  }

  /// Whether part of a request's head (line and fields) has arrived, but not all of it: the
  /// server bounds this with a deadline shorter than the whole request's.
  package var isReceivingHead: Bool {
    if case .head = state { return start < buffer.count }
    return false
  }

  /// Whether the parser has refused the input.
  package var hasFailed: Bool {
    if case .failed = state { return true }
    return false
  }

  /// The next complete request, `.continueExpected`, a failure, or nil when more bytes are needed.
  package mutating func next() -> Event? {
    switch state {
    case .failed(let error):
      return .failure(error)
    case .body(let pending):
      guard buffer.count - start >= pending.length else { return nil }
      var request = pending.request
      request.body = Array(buffer[start..<start + pending.length])
      start += pending.length
      state = .head
      return .request(request)
    case .head:
      guard let headEnd = findHeadEnd() else {
        if let error = overlongHead() { return fail(error) }
        return nil
      }
      let head = buffer[start..<headEnd]
      start = headEnd
      scanned = 0
      let request: HTTPRequest
      let length: Int
      let expectsContinue: Bool
      switch parseHead(head) {
      case .success(let parsed): (request, length, expectsContinue) = parsed
      case .failure(let error): return fail(error)
      }
      state = .body(PendingBody(request: request, length: length))
      if expectsContinue && buffer.count - start < length { return .continueExpected }
      return next()
    }
  }

  private mutating func fail(_ error: HTTPRequestError) -> Event {
    state = .failed(error)
    buffer = []
    start = 0
    return .failure(error)
  }

  /// Skips empty lines before a request line, then returns the index just past the empty
  /// line that ends the head, if it has arrived.
  private mutating func findHeadEnd() -> Int? {
    while scanned == 0 {
      if buffer.count - start >= 2 && buffer[start] == 0x0D && buffer[start + 1] == 0x0A {
        start += 2
      } else if start < buffer.count && buffer[start] == 0x0A {
        start += 1
      } else if buffer.count - start == 1 && buffer[start] == 0x0D {
        // A CR that may begin an empty line: wait for the next byte before scanning past it
        // (found by the http fuzz target: the head then depended on where reads split).
        return nil
      } else {
        break
      }
    }
    var index = start + scanned
    while index < buffer.count {
      if buffer[index] == 0x0A {
        // The head ends with an empty line: LF LF, or LF CR LF.
        if index >= start + 1 && buffer[index - 1] == 0x0A { return index + 1 }
        if index >= start + 2 && buffer[index - 1] == 0x0D && buffer[index - 2] == 0x0A { return index + 1 }
      }
      index += 1
    }
    scanned = index - start
    return nil
  }

  /// A refusal of a head that has not ended but is already too long.
  private func overlongHead() -> HTTPRequestError? {
    let pending = buffer[start...]
    let firstLine = pending.firstIndex(of: 0x0A).map { $0 - start } ?? pending.count
    if firstLine > limits.requestLineBytes { return HTTPRequestError(414, "the request line is longer than \(limits.requestLineBytes) bytes") }
    if pending.count > limits.headerBytes { return Self.headTooLarge(limits) }
    return nil
  }

  private static func headTooLarge(_ limits: Limits) -> HTTPRequestError {
    HTTPRequestError(431, "the request line and header fields are longer than \(limits.headerBytes) bytes")
  }

  /// The request a complete head describes, its body's length and whether it expects `100 Continue`.
  private func parseHead(_ head: ArraySlice<UInt8>) -> Result<(HTTPRequest, Int, Bool), HTTPRequestError> {
    if head.count > limits.headerBytes { return .failure(Self.headTooLarge(limits)) }
    var lines: [ArraySlice<UInt8>] = []
    var lineStart = head.startIndex
    for index in head.indices where head[index] == 0x0A {
      var line = head[lineStart..<index]
      if line.last == 0x0D { line = line.dropLast() }
      if line.contains(0x0D) { return .failure(HTTPRequestError(400, "a carriage return without a line feed")) }
      lines.append(line)
      lineStart = index + 1
    }
    // The head ends with its empty line.
    lines.removeLast()
    guard let requestLine = lines.first else { return .failure(HTTPRequestError(400, "no request line")) }
    if requestLine.count > limits.requestLineBytes {
      return .failure(HTTPRequestError(414, "the request line is longer than \(limits.requestLineBytes) bytes"))
    }
    let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenByte),
      !parts[1].isEmpty, parts[1].allSatisfy({ (0x21...0x7E).contains($0) })
    else { return .failure(HTTPRequestError(400, "the request line is not METHOD SP target SP HTTP/1.1")) }
    let versionText = String(decoding: parts[2], as: UTF8.self)
    guard let version = HTTPRequest.Version(rawValue: versionText) else {
      let isHTTP = versionText.utf8.count == 8 && versionText.hasPrefix("HTTP/")
        && versionText.utf8.enumerated().allSatisfy { i, b in i == 6 ? b == UInt8(ascii: ".") : i < 5 || (0x30...0x39).contains(b) }
      return .failure(isHTTP ? HTTPRequestError(505, "only HTTP/1.1 and HTTP/1.0 are spoken here") : HTTPRequestError(400, "no HTTP version"))
    }

    var headers = HTTPHeaders()
    for line in lines.dropFirst() {
      if line.first == 0x20 || line.first == 0x09 { return .failure(HTTPRequestError(400, "a folded header line")) }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
        line[..<colon].allSatisfy(Self.isTokenByte)
      else { return .failure(HTTPRequestError(400, "a header line is not name: value")) }
      let value = line[(colon + 1)...]
      guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
        return .failure(HTTPRequestError(400, "a control character in a header value"))
      }
      if headers.fields.count == limits.headerCount { return .failure(HTTPRequestError(431, "more than \(limits.headerCount) header fields")) }
      headers.add(String(decoding: line[..<colon], as: UTF8.self), String(String(decoding: value, as: UTF8.self).trimmingSpaces))
    }

    let hosts = headers.values("Host")
    if hosts.count > 1 || (version == .http11 && hosts.isEmpty) {
      return .failure(HTTPRequestError(400, "an HTTP/1.1 request needs exactly one Host header"))
    }
    if headers.contains("Transfer-Encoding") {
      let codings = headers.values("Transfer-Encoding").flatMap { $0.split(separator: ",").map { $0.trimmingSpaces.lowercased() } }
      if codings.last == "chunked" { return .failure(HTTPRequestError(411, "chunked bodies are not accepted: send a Content-Length")) }
      return .failure(HTTPRequestError(501, "transfer codings are not implemented"))
    }
    var length = 0
    let lengths = headers.values("Content-Length").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces) }
    if let first = lengths.first {
      guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
        return .failure(HTTPRequestError(400, "an invalid Content-Length"))
      }
      // More digits than any limit has is too large, whatever the number (and cannot overflow).
      guard first.utf8.count <= 12, let value = Int(first), value <= limits.bodyBytes else {
        return .failure(HTTPRequestError(413, "the body is longer than \(limits.bodyBytes) bytes"))
      }
      length = value
    }
    var expectsContinue = false
    if let expectation = headers["Expect"] {
      guard expectation.lowercased() == "100-continue" else { return .failure(HTTPRequestError(417, "only Expect: 100-continue is understood")) }
      expectsContinue = version == .http11
    }
    let target = String(decoding: parts[1], as: UTF8.self)
    let method = String(decoding: parts[0], as: UTF8.self)
    guard let request = HTTPRequest(method: method, target: target, version: version, headers: headers), target != "*" || method == "OPTIONS"
    else { return .failure(HTTPRequestError(400, "a malformed request target")) }
    return .success((request, length, expectsContinue))
  }

  /// `tchar` of RFC 9110 §5.6.2: what method and header names are made of.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
    default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}
