/// One HTTP request as the server read it: method, target, headers and body.
package struct HTTPRequest: Equatable, Sendable {
  /// The protocol versions the server speaks.
  package enum Version: String, Equatable, Sendable {
    case http10 = "HTTP/1.0"
    case http11 = "HTTP/1.1"
  }

  /// The method, case-sensitive as RFC 9110 has it (`GET`, `POST`, …).
  package var method: String
  /// The request target exactly as sent (`/inApps/v1/history/1?revision=a%2Bb`).
  package var target: String
  /// The target's path, percent-decoded (`/inApps/v1/history/1`). An absolute-form target
  /// (`http://host/path`, as a proxy sends) gives its path; `*` (for `OPTIONS`) stays `*`.
  package var path: String
  /// The query's pairs in order, percent-decoded, `+` kept as a plus sign.
  package var queryItems: [HTTPQueryItem]
  package var version: Version
  package var headers: HTTPHeaders
  package var body: [UInt8]

  /// A request built from its parts; nil when the target is not one the server accepts
  /// (neither origin-form, absolute-form nor `*`, or with a malformed escape).
  package init?(method: String, target: String, version: Version = .http11, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
    guard let (path, query) = Self.split(target: target) else { return nil }
    self.method = method
    self.target = target
    self.path = path
    self.queryItems = query
    self.version = version
    self.headers = headers
    self.body = body
  }

  /// The first value of the query parameter `name`.
  package func query(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }

  /// Every value of the query parameter `name`, in order (Apple's `productType=…&productType=…`).
  package func queryValues(_ name: String) -> [String] { queryItems.filter { $0.name == name }.map(\.value) }

  /// Whether the client wants the connection kept open after the response: HTTP/1.1 unless it
  /// says `Connection: close`; HTTP/1.0 only if it says `Connection: keep-alive` (RFC 9112 §9.3).
  package var wantsKeepAlive: Bool {
    switch version {
    case .http11: !headers.hasToken("close", in: "Connection")
    case .http10: headers.hasToken("keep-alive", in: "Connection") && !headers.hasToken("close", in: "Connection")
    }
  }

  /// The body as UTF-8 text (invalid bytes replaced).
  package var bodyText: String { String(decoding: body, as: UTF8.self) }

  /// The body read as an HTML form (`a=1&b=two+words`, `+` a space), whatever the
  /// `Content-Type`; nil when an escape is malformed.
  package var formItems: [HTTPQueryItem]? { HTTPQueryItem.parse(bodyText, plusIsSpace: true) }

  /// The decoded path and query of a request target, or nil when it is malformed.
  static func split(target: String) -> (String, [HTTPQueryItem])? {
    if target == "*" { return ("*", []) }
    var rest = Substring(target)
    if !rest.hasPrefix("/") {
      // Absolute-form, which servers must accept (RFC 9112 §3.2.2): drop scheme and authority.
      let lower = rest.prefix(8).lowercased()
      guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
      rest = rest.dropFirst(lower.hasPrefix("http://") ? 7 : 8)
      guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return ("/", []) }
      guard rest.startIndex != slash else { return nil }  // no authority
      rest = rest[slash...]
      if rest.hasPrefix("?") { rest = "/" + rest }
    }
    // A fragment is never sent by a conforming client; one that arrives is dropped.
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    let question = rest.firstIndex(of: "?")
    let rawPath = question.map { rest[..<$0] } ?? rest
    let rawQuery = question.map { rest[rest.index(after: $0)...] } ?? ""
    guard let path = HTTPQueryItem.percentDecode(rawPath), let query = HTTPQueryItem.parse(rawQuery, plusIsSpace: false)
    else { return nil }
    return (path, query)
  }
}
