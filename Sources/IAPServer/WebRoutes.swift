import IAPHTTP
import IAPKit
import IAPWeb

/// The web Transaction Manager: `GET /` (and `/ns/{name}/`) is the page, `/web/…` its files,
/// each with a strict Content-Security-Policy. The page talks to the control plane only.
enum WebRoutes {
  /// Whether `path` (inside a namespace, if any) is the page's.
  static func serves(_ path: Substring) -> Bool { path == "/" || path.hasPrefix("/web/") }

  static func respond(_ request: HTTPRequest, path: Substring) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      var response = ControlPlane.failure(.invalidRequest("\(request.method) is not allowed on \(path): use GET"), status: 405)
      response.headers.add("Allow", "GET, HEAD")
      return response
    }
    guard let asset = WebAssets.asset(path) else {
      return ControlPlane.failure(.invalidRequest("no such file of the web page: \(path)"), status: 404)
    }
    let headers = HTTPHeaders([
      ("Content-Type", asset.contentType), ("Content-Security-Policy", WebAssets.contentSecurityPolicy),
      ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-cache"),
    ])
    return HTTPResponse(status: 200, headers: headers, body: asset.bytes)
  }

  /// `/ns/{name}` without its slash: the page's relative links need the folder form.
  static func redirect(to location: String) -> HTTPResponse {
    HTTPResponse(status: 308, headers: HTTPHeaders([("Location", location)]), body: [])
  }
}
