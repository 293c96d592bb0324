import Foundation
import Testing

@testable import IAPCore

/// `PriceFormatter` writes what `NumberFormatter`'s currency style writes on this machine,
/// from its generated table, without ICU.
@Suite struct PriceFormatterTests {
  @Test(arguments: [
    ("en_US", nil, "0.99", "$0.99"),
    ("fr_FR", nil, "0.99", "0,99\u{a0}€"),
    ("de_DE", nil, "1234.5", "1.234,50\u{a0}€"),
    ("en_GB", nil, "4.99", "£4.99"),
    ("ja_JP", nil, "120", "¥120"),
    ("en_US", "EUR", "0.99", "€0.99"),
    ("de_CH", nil, "1234.5", "CHF\u{a0}1’234.50"),
    ("es_ES", nil, "1234.5", "1234,50\u{a0}€"),
    ("es_ES", nil, "12345", "12.345,00\u{a0}€"),
    ("ar_EG", nil, "12.5", "\u{200f}١٢٫٥٠\u{a0}ج.م.\u{200f}"),
  ])
  func formatsForTheLocale(_ locale: String, _ currency: String?, _ price: String, _ expected: String) {
    let formatter = PriceFormatter(locale: locale, currency: currency)
    #expect(formatter.string(for: Decimal(string: price)!) == expected)
  }

  @Test func currencyDefaultsFromTheLocale() {
    #expect(PriceFormatter(locale: "fr_FR", currency: nil).currency == "EUR")
    #expect(PriceFormatter(locale: "en_US", currency: nil).currency == "USD")
    #expect(PriceFormatter(locale: "en_US", currency: "CAD").currency == "CAD")
    #expect(PriceFormatter(locale: "de", currency: nil).currency == "USD")
    #expect(PriceFormatter(locale: "en_US@currency=EUR", currency: nil).currency == "EUR")
  }

  /// Prices around every boundary the formats have: grouping (and es' minimum of two digits
  /// before the first group), each count of fraction digits, halves that round up and down
  /// (and those whose `Double` is not the half), 15 and 16+ significant digits, zero,
  /// negatives.
  static let prices = [
    "0", "0.001", "0.01", "0.1", "0.5", "0.99", "1", "1.5", "2.5", "9.99", "10", "99.99", "100", "999", "999.99", "1000",
    "1000.5", "9999", "10000", "12345.67", "99999", "100000", "123456", "999999.99", "1000000", "1234567.89", "12345678",
    "0.125", "0.135", "0.285", "1.005", "1.115", "2.675", "10.075", "0.0005", "0.0015", "1.0025", "0.00005", "0.00015",
    "9999999999999", "99999999999.99", "999999999999999", "1234567890123.45", "1234567890123.455", "123456789012345",
    "1234567890123456", "12345678901234.5", "99999999999999.995", "9223372036854775.807", "0.999", "1e3", "25e-1",
    "0.000001", "-1.5", "-1234.56", "-0.5",
  ]

  /// `NumberFormatter`'s output, the reference.
  static func reference(_ locale: String, _ currency: String) -> NumberFormatter {
    let formatter = NumberFormatter()
    formatter.numberStyle = .currency
    formatter.locale = Locale(identifier: locale)
    formatter.currencyCode = currency
    return formatter
  }

  /// Every (locale, currency) pair of the table, on a few prices that cross its grouping,
  /// rounding and sign (`NumberFormatter`'s output measured with the table, shared with
  /// `PriceTableTests`); every price on a deterministic sample of pairs (every 61st, and
  /// every pair of ten common locales).
  @Test func writesWhatNumberFormatterWritesForEveryPairOfTheTable() throws {
    let measured = try PriceTableTests.measured.get()
    let sampled = PriceTableTests.common
    var checked = 0
    var mismatches: [String] = []
    let decimals = Dictionary((PriceTableTests.few + Self.prices).map { ($0, Decimal(string: $0)!) }, uniquingKeysWith: { a, _ in a })
    let descriptions = decimals.mapValues { "\($0)" }
    /// (The exact-text path depends on the currency's fraction digits only: the sample checks it.)
    func check(_ formatter: PriceFormatter, _ text: String, _ expected: String?, _ pair: String, fromText: Bool = true) {
      let shown = formatter.string(for: decimals[text]!)
      let fromText = fromText ? formatter.string(for: decimals[text]!, text: descriptions[text]!) : shown
      if shown != expected || fromText != expected {
        mismatches.append("\(pair) \(text): \(String(describing: expected)) ≠ \(shown) / \(fromText)")
      }
    }
    // Every pair measured: at the quick scale (swift test's default) the common locales and
    // one in 32 of the rest, about a twentieth; IAP_TEST_SCALE=full (.ci/run): every pair.
    let full = PriceTableTests.full
    for locale in measured.locales {
      let identifier = PriceTableGenerator.measuredIdentifier(locale)
      for currency in measured.currencies {
        let formatter = PriceFormatter(locale: identifier, currency: currency)
        for (text, expected) in zip(PriceTableTests.few, measured.written[locale]![currency]!) {
          check(formatter, text, expected, "\(locale) \(currency)", fromText: false)
        }
        checked += 1
        if sampled.contains(locale) || checked % 61 == 0 {
          let reference = Self.reference(identifier, currency)
          for text in Self.prices {
            check(formatter, text, reference.string(from: NSDecimalNumber(string: text)), "\(locale) \(currency)")
          }
        }
      }
    }
    #expect(checked > (full ? 170_000 : 6_000))
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(20).joined(separator: "\n"))")
  }

  /// The currency a locale without one given takes: `Locale(identifier:).currency`, USD
  /// without one, for every locale of the table and a locale of every region.
  @Test func defaultCurrencyIsTheLocalesRegionsForEveryLocaleAndRegion() {
    let regions = Locale.Region.isoRegions.map { "und_\($0.identifier)" }
    var mismatches: [String] = []
    for locale in PriceTableGenerator.localeIdentifiers.filter({ $0 != "*" }) + regions + ["en_us", "de_CH@rg=frzzzz", "fr_FR@currency=CHF", "en-US-u-cu-eur", "de-CH-u-rg-frzzzz", "de_DE_u_cu_chf"] {
      let expected = Locale(identifier: locale).currency?.identifier ?? "USD"
      let found = PriceFormatter(locale: locale, currency: nil).currency
      if found != expected { mismatches.append("\(locale): \(found) ≠ \(expected)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }

  /// Locales outside the table: an unknown language takes the `*` format (what ICU's root
  /// writes here), case and `-` are ICU's, keywords other than the currency are ignored.
  @Test(arguments: ["xx", "xx_YY", "zz_ZZ", "qq_FR", "en_us", "EN-US", "fr-FR", "zh-hant-tw", "en_XX", "ja_JP@calendar=japanese"])
  func unknownLocalesAreWrittenAsNumberFormatterWritesThem(_ locale: String) {
    for currency in ["USD", "EUR", "JPY", "CHF", "BHD"] {
      let reference = Self.reference(locale, currency)
      let formatter = PriceFormatter(locale: locale, currency: currency)
      for text in ["0", "1234.5", "0.125", "1234567.891"] {
        let price = Decimal(string: text)!
        #expect(formatter.string(for: price) == reference.string(from: NSDecimalNumber(decimal: price)), "\(locale) \(currency) \(text)")
      }
    }
  }

  /// Where iap does not follow `NumberFormatter`, as PriceFormatter's doc comment says: a
  /// known language with a region ICU does not pair it with keeps the language's format.
  @Test func aLanguageWithARegionICUDoesNotListKeepsTheLanguagesFormat() {
    #expect(PriceFormatter(locale: "de_US", currency: "USD").string(for: 1234.5) == "1.234,50\u{a0}$")
    #expect(PriceFormatter(locale: "fr_XX", currency: "EUR").string(for: 1234.5) == PriceFormatter(locale: "fr", currency: "EUR").string(for: 1234.5))
    #expect(PriceFormatter(locale: "de_DE@numbers=arab", currency: "EUR").string(for: 1) == "1,00\u{a0}€")
    #expect(PriceFormatter(locale: "de-DE-u-nu-arab", currency: "EUR").string(for: 1) == "1,00\u{a0}€")
  }

  /// Not a number, and a negative price that rounds to zero, as `NumberFormatter` writes them.
  @Test func notANumberAndNegativeZeroAreWrittenAsNumberFormatterWritesThem() {
    for (locale, currency) in [("en_US", "EUR"), ("fr_FR", "EUR"), ("de_CH", "CHF"), ("ja_JP", "JPY")] {
      let reference = Self.reference(locale, currency)
      let formatter = PriceFormatter(locale: locale, currency: currency)
      for price in [Decimal.nan, Decimal(string: "-0.001")!] {
        #expect(formatter.string(for: price) == reference.string(from: NSDecimalNumber(decimal: price)), "\(locale) \(price)")
      }
    }
  }

  /// A currency the table does not have: its code and two fraction digits, as ICU.
  @Test func aCurrencyOutsideTheTableIsShownByItsCode() {
    for (locale, currency) in [("en_US", "XYZ"), ("fr_FR", "QQQ"), ("en_US", "usd"), ("de_CH", "abc")] {
      let expected = Self.reference(locale, currency).string(from: 1234.5)
      #expect(PriceFormatter(locale: locale, currency: currency).string(for: 1234.5) == expected, "\(locale) \(currency)")
    }
  }

  /// `Product.maximumPrice`, past 2^53: the `Double` NumberFormatter formats, in every
  /// fraction-digit count; and the prices just below it.
  @Test func theLargestPricesAreTheDoublesNumberFormatterWrites() {
    let largest = Product.maximumPrice
    for currency in ["JPY", "USD", "BHD", "CLF"] {
      let reference = Self.reference("en_US", currency)
      let formatter = PriceFormatter(locale: "en_US", currency: currency)
      for price in [largest, largest - Decimal(string: "0.001")!, largest - 1, Decimal(string: "9007199254740993")!] {
        #expect(formatter.string(for: price) == reference.string(from: NSDecimalNumber(decimal: price)), "\(currency) \(price)")
        #expect(formatter.string(for: price, text: "\(price)") == reference.string(from: NSDecimalNumber(decimal: price)))
      }
    }
    #expect(PriceFormatter(locale: "en_US", currency: "USD").string(for: largest) == "$9,223,372,036,854,776.00")
  }
}
