/// The store's side of the world: what App Store Connect holds for one app.
package struct Catalog: Equatable, Sendable {
  package var bundleId: String
  /// ISO 3166-1 alpha-3 storefront, e.g. `USA`.
  package var storefront: String
  /// Locale identifier with underscores, e.g. `en_US`.
  package var locale: String
  /// ISO 4217 code of the catalog's own storefront; nil means that storefront's currency.
  package var currency: String?
  /// The app's shared secret: `verifyReceipt` answers 21004 to any other `password`.
  package var sharedSecret: String?
  /// Products in catalog order.
  package var products: [Product]
  /// Test-environment settings the catalog starts with (`iap settings` defaults).
  package var settings: CatalogSettings

  package init(
    bundleId: String = "com.example.app", storefront: String = "USA", locale: String = "en_US",
    currency: String? = nil, products: [Product] = [], settings: CatalogSettings = CatalogSettings()
  ) {
    self.bundleId = bundleId
    self.storefront = storefront
    self.locale = locale
    self.currency = currency
    self.products = products
    self.settings = settings
  }

  /// The currency `storefront` sells in: the storefront decides, the locale only formats.
  /// The catalog's `currency` is its own storefront's; any other storefront sells in its
  /// currency, at the catalog's prices (one price per product, as in an Xcode StoreKit
  /// configuration file).
  package func currency(in storefront: String) -> String {
    if storefront == self.storefront, let currency { return currency }
    return Storefronts.currency(storefront)
  }

  /// The product with identifier `id`, if the catalog has it.
  package func product(_ id: String) -> Product? {
    products.first { $0.id == id }
  }

  /// What `SKProductsRequest` would sell: the product if it exists and is cleared for sale.
  package func purchasableProduct(_ id: String) -> Product? {
    product(id).flatMap { $0.clearedForSale ? $0 : nil }
  }
}
