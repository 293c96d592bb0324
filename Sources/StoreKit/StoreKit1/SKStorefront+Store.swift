import IAPCore
import IAPFormats

extension SKStorefront {
  /// The storefront the `storefront` setting of a `GET /settings` answer names, with its
  /// numeric identifier; nil when the answer names none.
  convenience init?(settings answer: JSONValue) {
    guard let code = answer["settings"]?["storefront"]?["value"]?.stringValue else { return nil }
    self.init(countryCode: code, identifier: Storefronts.storefrontId(code))
  }
}
