import Foundation

/// Formats prices as `SKProduct.priceLocale` would show them: `NumberFormatter`'s currency
/// style for the store's locale (`$0.99`, `0,99 €`).
///
/// Only the product commands build one: locale data is the slowest thing Foundation loads,
/// and purchase commands never need it.
public struct PriceFormatter {
  public let locale: String
  public let currency: String
  private let formatter: NumberFormatter

  /// - Parameter currency: ISO 4217 code; nil takes the locale's currency (USD if it has none).
  public init(locale: String, currency: String?) {
    let foundationLocale = Locale(identifier: locale)
    self.locale = locale
    self.currency = currency ?? foundationLocale.currency?.identifier ?? "USD"
    formatter = NumberFormatter()
    formatter.numberStyle = .currency
    formatter.locale = foundationLocale
    formatter.currencyCode = self.currency
  }

  /// The display price, e.g. `$0.99`.
  public func string(for price: Decimal) -> String {
    formatter.string(from: NSDecimalNumber(decimal: price)) ?? "\(price) \(currency)"
  }
}
