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
}
