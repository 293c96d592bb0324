import IAPFormats
import IAPHTTP
import IAPKit

/// Why the server turns a request away before any route sees it (`ServerAccess`), each with
/// its message and, in one place, its HTTP status. Answered as the control plane answers its
/// failures, `{"error": {"domain", "name", "message"}}`, without an exit status: no command
/// fails this way.
package enum ServerAccessError: Error, Equatable, Sendable {
  /// `Host` names neither loopback nor a name the server was given (DNS rebinding, or a
  /// name the server was not told of).
  case unknownHost(String)
  /// `Sec-Fetch-Site` says a page of another site (or another port) sent the change.
  case crossSite(String)
  /// `Origin` names another origin than the server's own.
  case foreignOrigin(String)
  /// A change without `Content-Type: application/json` or `X-IAP-Request`: what an HTML
  /// form, or a `text/plain` fetch, of any site can send without the browser asking first.
  case notJSON(method: String)
  /// The control token is required and absent.
  case tokenMissing
  /// The control token given is not the server's.
  case tokenWrong

  /// The header a change without a body sends instead of `Content-Type: application/json`.
  package static let requestHeader = "X-IAP-Request"

  /// The status each is answered with: the one place these are mapped.
  package var httpStatus: Int {
    switch self {
    case .unknownHost: return 421
    case .crossSite, .foreignOrigin, .notJSON: return 403
    case .tokenMissing, .tokenWrong: return 401
    }
  }

  /// A stable camelCase name for scripts, as `IAPError.name`.
  package var name: String {
    switch self {
    case .unknownHost: return "unknownHost"
    case .crossSite: return "crossSite"
    case .foreignOrigin: return "foreignOrigin"
    case .notJSON: return "notJSON"
    case .tokenMissing: return "tokenMissing"
    case .tokenWrong: return "tokenWrong"
    }
  }

  /// One line: what was refused and what would be answered.
  package var message: String {
    switch self {
    case let .unknownHost(host):
      return "this server does not answer to Host '\(host)': only to localhost, 127.0.0.1 and [::1] (with any port), and to names given with 'iap serve --allow-host NAME'"
    case let .crossSite(site):
      return "refused a change sent by another site's page (Sec-Fetch-Site: \(site)): the control plane takes changes from its own page and from tools"
    case let .foreignOrigin(origin):
      return "refused a change sent by a page of another origin (Origin: \(origin)): the control plane takes changes from its own page and from tools"
    case let .notJSON(method):
      return "a \(method) to the control plane needs 'Content-Type: application/json' (or, without a body, the header '\(Self.requestHeader): 1'), which a form on another site cannot send"
    case .tokenMissing:
      return "the control plane needs 'Authorization: Bearer TOKEN' with the token iap serve was started with (--control-token)"
    case .tokenWrong:
      return "the control token is not the one iap serve was started with (--control-token)"
    }
  }

  /// The answer: the JSON error with its status; a 401 names the scheme it wants.
  package var response: HTTPResponse {
    let error = JSONValue.object([("domain", .string("iap")), ("name", .string(name)), ("message", .string(message))])
    var response = HTTPResponse.json(.object([("error", error)]), status: httpStatus)
    if httpStatus == 401 { response.headers.add("WWW-Authenticate", #"Bearer realm="iap""#) }
    return response
  }
}
