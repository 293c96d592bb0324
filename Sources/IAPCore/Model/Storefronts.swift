/// Facts about App Store storefronts the store's formats need: each storefront's currency and
/// Apple's numeric storefront id (`storefrontId` in signed transactions).
package enum Storefronts {
  /// ISO 3166-1 alpha-3 → (currency, Apple storefront id), for the common storefronts.
  ///
  /// A list searched in order, not a dictionary: a purchase looks one storefront up, and a
  /// dictionary literal costs its first use a hash of every key and a run-time instantiation
  /// of its type (docs/performance.md, "Shapes kept for start-up").
  static let table: [(code: String, currency: String, id: Int)] = [
    ("USA", "USD", 143441), ("FRA", "EUR", 143442), ("DEU", "EUR", 143443), ("GBR", "GBP", 143444),
    ("AUT", "EUR", 143445), ("BEL", "EUR", 143446), ("FIN", "EUR", 143447), ("GRC", "EUR", 143448),
    ("IRL", "EUR", 143449), ("ITA", "EUR", 143450), ("LUX", "EUR", 143451), ("NLD", "EUR", 143452),
    ("PRT", "EUR", 143453), ("ESP", "EUR", 143454), ("CAN", "CAD", 143455), ("SWE", "SEK", 143456),
    ("NOR", "NOK", 143457), ("DNK", "DKK", 143458), ("CHE", "CHF", 143459), ("AUS", "AUD", 143460),
    ("NZL", "NZD", 143461), ("JPN", "JPY", 143462), ("HKG", "HKD", 143463), ("SGP", "SGD", 143464),
    ("CHN", "CNY", 143465), ("KOR", "KRW", 143466), ("IND", "INR", 143467), ("MEX", "MXN", 143468),
    ("RUS", "RUB", 143469), ("TWN", "TWD", 143470), ("BRA", "BRL", 143503), ("POL", "PLN", 143478),
    ("TUR", "TRY", 143480), ("ZAF", "ZAR", 143472), ("ISR", "ILS", 143491), ("ARE", "AED", 143481),
    ("SAU", "SAR", 143479), ("THA", "THB", 143475), ("IDN", "IDR", 143476), ("PHL", "PHP", 143474),
    ("MYS", "MYR", 143473), ("VNM", "VND", 143471), ("CZE", "CZK", 143489), ("HUN", "HUF", 143482),
    ("ROU", "RON", 143487), ("UKR", "UAH", 143492), ("EGY", "EGP", 143516), ("CHL", "CLP", 143483),
    ("COL", "COP", 143501), ("PER", "PEN", 143507), ("ARG", "USD", 143505),
  ]

  /// The currency a storefront charges in (USD for storefronts not in the table).
  package static func currency(_ storefront: String) -> String { entry(storefront)?.currency ?? "USD" }

  /// Apple's numeric id of a storefront, as a string (empty when not in the table).
  package static func storefrontId(_ storefront: String) -> String { entry(storefront).map { String($0.id) } ?? "" }

  private static func entry(_ storefront: String) -> (code: String, currency: String, id: Int)? {
    for entry in table where entry.code == storefront { return entry }
    return nil
  }
}

/// What a purchase records about the app and the storefront, as StoreKit 2's `Transaction`
/// does (`appBundleID`, `storefront`, `price`, `currency`).
package struct AppContext: Equatable, Sendable {
  package var bundleId: String
  package var storefront: String
  /// The currency prices are charged in: the catalog's, or the storefront's.
  package var currency: String

  package init(bundleId: String = "com.example.app", storefront: String = "USA", currency: String = "USD") {
    self.bundleId = bundleId
    self.storefront = storefront
    self.currency = currency
  }
}
