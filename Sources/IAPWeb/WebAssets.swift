/// The web Transaction Manager's files (docs/web.md): one HTML page, its style sheet and its
/// JavaScript modules, embedded in the binary (SwiftPM's `embedInCode`) so that `iap serve`
/// needs no files beside it and the page works offline. The page knows the store only
/// through the control plane's routes and update stream, as any client does; nothing here
/// knows the store.
package enum WebAssets {
  /// One file of the page.
  package struct Asset: Sendable {
    package let bytes: [UInt8]
    package let contentType: String
  }

  /// The Content-Security-Policy every file is served with: the page's own scripts, styles
  /// and requests only; no inline script or style, no frames, no forms posting elsewhere.
  package static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
    + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  /// The file at `path` (`/` is the page; the rest are under `/web/`), or nil.
  package static func asset(_ path: Substring) -> Asset? {
    let html = "text/html; charset=utf-8"
    let script = "text/javascript; charset=utf-8"
    switch path {
    case "/": return Asset(bytes: PackageResources.index_html, contentType: html)
    case "/web/app.css": return Asset(bytes: PackageResources.app_css, contentType: "text/css; charset=utf-8")
    case "/web/app.js": return Asset(bytes: PackageResources.app_js, contentType: script)
    case "/web/api.js": return Asset(bytes: PackageResources.api_js, contentType: script)
    case "/web/views.js": return Asset(bytes: PackageResources.views_js, contentType: script)
    case "/web/actions.js": return Asset(bytes: PackageResources.actions_js, contentType: script)
    case "/web/timeline.js": return Asset(bytes: PackageResources.timeline_js, contentType: script)
    case "/web/offers.js": return Asset(bytes: PackageResources.offers_js, contentType: script)
    case "/web/icon.svg": return Asset(bytes: PackageResources.icon_svg, contentType: "image/svg+xml")
    default: return nil
    }
  }
}
