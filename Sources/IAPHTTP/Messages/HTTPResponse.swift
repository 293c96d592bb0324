import IAPFormats

/// One HTTP response: a status, headers and a body, which the server frames itself.
///
/// Whatever the handler sets, the server writes the `Content-Length` of the body (1xx and 204
/// answers, which may not have one, are sent without a body) and decides `Connection` itself:
/// `close` when the connection ends after this response, `keep-alive` to an HTTP/1.0 client
/// that asked for it. A response with a `stream` has no length: its body is what the stream
/// writes until the server closes the connection.
package struct HTTPResponse: Equatable, Sendable {
  package var status: Int
  /// The reason phrase; the standard one for `status` unless given.
  package var reason: String
  package var headers: HTTPHeaders
  package var body: [UInt8]
  /// Written after the head instead of `body`, until it returns (`HTTPBodyStream`).
  package var stream: HTTPBodyStream?
  /// Why the server failed, for its own log (one line on stderr), never sent: set on the
  /// server's own failures (5xx), so that a client's error is not the only trace of them.
  package var log: String?

  package init(status: Int, reason: String? = nil, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], stream: HTTPBodyStream? = nil) {
    self.status = status
    self.reason = reason ?? Self.standardReason(status)
    self.headers = headers
    self.body = body
    self.stream = stream
  }

  /// A plain-text response (`text/plain; charset=utf-8`).
  package static func text(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]), body: Array(text.utf8))
  }

  /// A JSON response of `value`, written compactly (`application/json`).
  package static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
    json(bytes: Array(JSONWriter.compact(value).utf8), status: status)
  }

  /// A JSON response of bytes already serialized.
  package static func json(bytes: [UInt8], status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")]), body: bytes)
  }

  /// The body parsed as JSON, or nil (for tests and clients).
  package var jsonBody: JSONValue? { try? JSONParser.parse(body) }

  /// The bytes to send: status line, the handler's headers without any `Content-Length`,
  /// `Transfer-Encoding` or `Connection` of its own, then the server's framing headers.
  ///
  /// - Parameters:
  ///   - closing: whether the server closes the connection after this response.
  ///   - keepAliveHeader: whether to say `Connection: keep-alive` (to an HTTP/1.0 client
  ///     that asked for it; HTTP/1.1 keeps connections open without saying so).
  ///   - includeBody: false for `HEAD`, whose answer has the length of the body but not the body.
  package func serialized(closing: Bool, keepAliveHeader: Bool = false, includeBody: Bool = true) -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(Self.clean(reason))\r\n"
    for field in headers
    where !HTTPHeaders.same(field.name, "Content-Length") && !HTTPHeaders.same(field.name, "Transfer-Encoding")
      && !HTTPHeaders.same(field.name, "Connection")
    {
      // A handler's value with a line break would let it inject fields or a second response.
      head += "\(Self.clean(field.name)): \(Self.clean(field.value))\r\n"
    }
    // 1xx and 204 answers have no content and must not say a length (RFC 9110 §8.6).
    let hasContent = status >= 200 && status != 204
    if hasContent && stream == nil { head += "Content-Length: \(body.count)\r\n" }
    if closing || stream != nil {
      head += "Connection: close\r\n"
    } else if keepAliveHeader {
      head += "Connection: keep-alive\r\n"
    }
    head += "\r\n"
    return includeBody && hasContent ? Array(head.utf8) + body : Array(head.utf8)
  }

  /// `text` with CR, LF and NUL replaced by spaces.
  private static func clean(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else { return text }
    return String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\0" || $0 == "\r\n" ? " " : $0 })
  }

  /// The reason phrase RFC 9110 gives `status`, or a generic one for its class.
  package static func standardReason(_ status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 415: "Unsupported Media Type"
    case 421: "Misdirected Request"
    case 422: "Unprocessable Content"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default:
      switch status / 100 {
      case 1: "Informational"
      case 2: "Success"
      case 3: "Redirection"
      case 4: "Client Error"
      default: "Server Error"
      }
    }
  }
}
