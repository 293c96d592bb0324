import IAPHTTP

/// Who `iap serve` answers: requests whose `Host` is one it is known by (against DNS
/// rebinding), and, on the control plane, changes no page of another site could have sent
/// (against cross-site request forgery), with the control token when one is set. Apple's
/// routes keep their own bearer JWTs and are not asked for more than a known `Host`.
///
/// Each check is a header look-up or two, so every request pays it.
package struct ServerAccess: Sendable {
  /// The `Host` values answered.
  package let hosts: HTTPHostAllowList
  /// The token the control plane requires (`Authorization: Bearer`), or nil for none.
  package let controlToken: [UInt8]?

  /// Loopback names only and no token: `iap serve`'s default.
  package init(hosts: HTTPHostAllowList = HTTPHostAllowList(), controlToken: String? = nil) {
    self.hosts = hosts
    self.controlToken = controlToken.map { Array($0.utf8) }
  }

  /// Why `request` is not answered at all (a `Host` the server is not known by), or nil.
  func hostRefusal(_ request: HTTPRequest) -> ServerAccessError? {
    let host = request.headers["Host"]
    return hosts.allows(host) ? nil : .unknownHost(host ?? "")
  }

  /// Why the control plane refuses `request`, or nil: the token, when one is set, first; then
  /// a change (any method but GET, HEAD and OPTIONS) that a page of another site sent, or
  /// could have sent without the browser asking the server first (CORS's "simple" requests:
  /// a form's POST, a `text/plain` fetch). The server answers no CORS preflight, so a page
  /// elsewhere can send neither `Content-Type: application/json` nor `X-IAP-Request`.
  func controlRefusal(_ request: HTTPRequest) -> ServerAccessError? {
    let headers = request.headers
    if let controlToken, let refusal = Self.tokenRefusal(request, token: controlToken) { return refusal }
    switch request.method {
    case "GET", "HEAD", "OPTIONS": return nil
    default: break
    }
    // The page itself is same-origin; `same-site` is another port or subdomain: another origin.
    if let site = headers["Sec-Fetch-Site"], site != "same-origin", site != "none" { return .crossSite(site) }
    if let origin = headers["Origin"], !Self.isOwn(origin: origin, host: headers["Host"]) { return .foreignOrigin(origin) }
    guard Self.isJSON(headers["Content-Type"]) || headers.contains(ServerAccessError.requestHeader) else {
      return .notJSON(method: request.method)
    }
    return nil
  }

  /// The token from `Authorization: Bearer`, or on a GET from `?access_token=` (RFC 6750
  /// §2.3), which is how a browser's `EventSource`, which sends no header of the page's,
  /// gives it.
  private static func tokenRefusal(_ request: HTTPRequest, token: [UInt8]) -> ServerAccessError? {
    let given: Substring
    if let bearer = request.headers.bearerToken {
      given = bearer
    } else if request.method == "GET", let query = request.query("access_token") {
      given = Substring(query)
    } else {
      return .tokenMissing
    }
    return sameInConstantTime(given, token) ? nil : .tokenWrong
  }

  /// Whether `origin` is the server's own, as the browser reached it: `http://` or `https://`
  /// (behind a proxy that ends TLS) and the request's `Host`.
  static func isOwn(origin: String, host: String?) -> Bool {
    guard let host else { return false }
    for scheme in ["http://", "https://"] where origin.hasPrefix(scheme) {
      return HTTPHeaders.same(origin.dropFirst(scheme.count), host)
    }
    return false
  }

  /// Whether a `Content-Type` value is `application/json`, whatever its parameters.
  static func isJSON(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    let media = contentType.prefix { $0 != ";" }.trimmingSpaces
    return HTTPHeaders.same(media, "application/json")
  }

  /// Whether `given` is `token`, in a time that does not tell how much of it matched.
  private static func sameInConstantTime(_ given: Substring, _ token: [UInt8]) -> Bool {
    var difference: UInt8 = given.utf8.count == token.count ? 0 : 1
    for (a, b) in zip(given.utf8, token) { difference |= a ^ b }
    return difference == 0
  }
}
