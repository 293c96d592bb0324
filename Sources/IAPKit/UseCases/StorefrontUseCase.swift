import IAPCore

/// StoreKit 2's `Storefront`: where the customer buys, as the device's App Store reports it.
package struct StorefrontInfo: Equatable, Sendable {
  /// ISO 3166-1 alpha-3 (the `storefront` setting).
  package var countryCode: String
  /// Apple's numeric storefront id, as signed transactions carry it (empty for a storefront
  /// `Storefronts` does not know).
  package var id: String
  /// The currency the catalog sells in there.
  package var currency: String
}

extension Workspace {
  /// Use case: the storefront purchases are made in now (`Storefront.current`). Reads the
  /// settings without changing anything.
  package func storefront() throws(IAPError) -> StorefrontInfo {
    let code = try showSettings().storefront
    let currency = catalogFieldsQuietly()?.currency(in: code) ?? Storefronts.currency(code)
    return StorefrontInfo(countryCode: code, id: Storefronts.storefrontId(code), currency: currency)
  }
}
