import Foundation
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct PriceFormatterTests {
  @Test(arguments: [
    ("en_US", nil, "0.99", "$0.99"),
    ("fr_FR", nil, "0.99", "0,99\u{a0}€"),
    ("de_DE", nil, "1234.5", "1.234,50\u{a0}€"),
    ("en_GB", nil, "4.99", "£4.99"),
    ("ja_JP", nil, "120", "¥120"),
    ("en_US", "EUR", "0.99", "€0.99"),
  ])
  func formatsForTheLocale(_ locale: String, _ currency: String?, _ price: String, _ expected: String) {
    let formatter = PriceFormatter(locale: locale, currency: currency)
    #expect(formatter.string(for: Decimal(string: price)!) == expected)
  }

  @Test func currencyDefaultsFromTheLocale() {
    #expect(PriceFormatter(locale: "fr_FR", currency: nil).currency == "EUR")
    #expect(PriceFormatter(locale: "en_US", currency: nil).currency == "USD")
    #expect(PriceFormatter(locale: "en_US", currency: "CAD").currency == "CAD")
  }

  /// `CurrencyPattern` writes what `NumberFormatter`'s currency style writes, for every entry
  /// of its table and prices around every boundary it has (grouping, fraction digits, the 15
  /// significant digits past which ICU formats a `Double`); and leaves what it does not
  /// write (rounding, signs, 16 digits) to the formatter, with the same result.
  @Test func writesWhatNumberFormatterWritesForEveryPatternItKnows() {
    let prices = [
      "0", "0.01", "0.1", "0.5", "0.99", "1", "1.5", "9.99", "10", "99.99", "100", "999", "999.99", "1000", "1000.5", "12345.67",
      "123456", "999999.99", "1000000", "1234567.89", "9999999999999", "99999999999.99", "999999999999999",
      "1234567890123.45", "0.001", "0.999", "1.005", "2.675", "1234567890123456", "9223372036854775.807", "00012.30",
      "1e3", "1.5e2", "25e-1", "0.000001", "100000000000000000000",
    ]
    #expect(!CurrencyPattern.known.isEmpty)
    for (locale, currency, pattern) in CurrencyPattern.known {
      let reference = NumberFormatter()
      reference.numberStyle = .currency
      reference.locale = Locale(identifier: locale)
      reference.currencyCode = currency
      let formatter = PriceFormatter(locale: locale, currency: currency)
      var written = 0
      for text in prices {
        let price = Decimal(string: text)!
        let expected = reference.string(from: NSDecimalNumber(decimal: price))
        if let own = pattern.format("\(price)") {
          written += 1
          #expect(own == expected, "\(locale) \(currency) \(text)")
        }
        #expect(formatter.string(for: price) == expected, "\(locale) \(currency) \(text)")
        #expect(formatter.string(for: price, text: "\(price)") == expected, "\(locale) \(currency) \(text)")
      }
      #expect(written >= 10, "the pattern writes the prices it can itself")
    }
    #expect(CurrencyPattern.of(locale: "en_US", currency: "USD")?.format("-1.5") == nil)
    #expect(CurrencyPattern.of(locale: "en_US", currency: "USD")?.format("0.999") == nil)
    #expect(CurrencyPattern.of(locale: "en_US", currency: "USD")?.format("1234567890123456") == nil)
    #expect(CurrencyPattern.of(locale: "fr_FR", currency: "EUR") == nil)
  }
}
