import Foundation

/// Formats prices as `SKProduct.priceLocale` would show them: `NumberFormatter`'s currency
/// style for the store's locale (`$0.99`, `0,99 €`).
///
/// Only the product commands build one: locale data is the slowest thing Foundation loads,
/// and purchase commands never need it.
public struct PriceFormatter {
  public let locale: String
  public let currency: String
  /// The format iap writes itself for this locale and currency, if it has one.
  private let pattern: CurrencyPattern?
  /// `NumberFormatter`, made on first use: with a pattern, most catalogs never need it.
  private let fallback: Fallback

  /// - Parameter currency: ISO 4217 code; nil takes the locale's currency (USD if it has none).
  public init(locale: String, currency: String?) {
    self.locale = locale
    self.currency = currency ?? Locale(identifier: locale).currency?.identifier ?? "USD"
    pattern = CurrencyPattern.of(locale: locale, currency: self.currency)
    fallback = Fallback(locale: locale, currency: self.currency)
  }

  /// The display price, e.g. `$0.99`.
  ///
  /// - Parameter text: `price`'s description, when the caller has it (`Product.priceText`).
  public func string(for price: Decimal, text: String? = nil) -> String {
    if let pattern, let shown = pattern.format(text ?? "\(price)") { return shown }
    return fallback.formatter.string(from: NSDecimalNumber(decimal: price)) ?? "\(price) \(currency)"
  }

  /// Holds the `NumberFormatter` until it is needed.
  private final class Fallback {
    let locale: String
    let currency: String
    lazy var formatter: NumberFormatter = {
      let formatter = NumberFormatter()
      formatter.numberStyle = .currency
      formatter.locale = Locale(identifier: locale)
      formatter.currencyCode = currency
      return formatter
    }()

    init(locale: String, currency: String) {
      self.locale = locale
      self.currency = currency
    }
  }
}
