#if canImport(FoundationEssentials)
// `Decimal._doubleValue` is the conversion `NSDecimalNumber.doubleValue` makes, which
// `NumberFormatter` formats: the same function gives the same approximations.
@_spi(SwiftCorelibsFoundation) import FoundationEssentials
#else
import Foundation
#endif

/// Formats prices as `SKProduct.priceLocale` would show them: what `NumberFormatter`'s
/// currency style writes for the locale and currency on Linux (`$0.99`, `0,99 €`,
/// `CHF 1’234.50`, `١٢٫٥٠ ج.م.‏`), byte for byte, without ICU.
///
/// The formats come from a generated table (`PriceTable+Data.swift`, written by
/// `scripts/gen-price-table` from `NumberFormatter` on this machine): every locale
/// `Locale.availableIdentifiers` lists, with language_REGION for each
/// language_Script_REGION (`zh_TW`), × every currency in `Locale.commonISOCurrencyCodes` and
/// every region's own: affixes, separators, grouping (`es` groups from 5 digits), digits
/// (`ar_EG`, `fa`, `ne`, `my`), each pair's symbol, each currency's fraction digits and each
/// region's currency. `PriceTableTests` checks every pair against `NumberFormatter`, and that
/// the table is what the generator writes today. Linking ICU would cost every command time
/// before `main` (docs/performance.md), which is why the formats are data.
///
/// What it does where the table is silent:
/// - A locale the table does not have takes its nearest ancestor's format (`fr_XX` and
///   `de_US` → `fr`, `de`), and a language it does not have the format of `xx` (ICU's
///   root, with English symbols: `$ 1,234.50`). `NumberFormatter` agrees for unknown
///   languages and for a known language without a region; for a known language with a region
///   ICU does not pair it with (`de_US`, `fr_XX`), it takes the separators and some symbols from
///   the region (`1,234.50 $`, where iap writes `1.234,50 $`), which iap does not mirror.
/// - Keywords: `@currency=` (or `-u-cu-`) picks the default currency, as `Locale.currency`
///   does; `@rg=` (`-u-rg-`) the region whose currency is the default; others (`@numbers=arab`,
///   `-u-nu-arab`, which give `NumberFormatter` other digits) are ignored.
/// - A currency outside the table is shown by its code, with its ISO fraction digits (two for
///   a code ICU does not know, as ICU); a historic currency's locale symbol (`DM`) is not kept.
/// - Rounding: half-even to the currency's fraction digits, of the shortest decimal that names
///   the `Double` `NSDecimalNumber` converts the price to, as ICU rounds. So from 16
///   significant digits the price is a `Double`'s approximation (9223372036854775.807 →
///   `$9,223,372,036,854,776.00`), and some halves round up that exact arithmetic would
///   round down (1.005 → 1.0050000000000001 → `$1.01`), as `NumberFormatter` does.
package struct PriceFormatter {
  package let locale: String
  package let currency: String
  /// The locale's format, the currency's symbol in its affixes.
  private let format: PriceTable.Format
  /// How many fraction digits the currency shows.
  private let fractionDigits: Int

  /// - Parameter currency: ISO 4217 code; nil takes the locale's region's currency (USD if it
  ///   has none), as `Locale(identifier:).currency` does.
  package init(locale: String, currency: String?) {
    self.locale = locale
    self.currency = currency ?? PriceTable.currency(locale: locale) ?? "USD"
    let found = PriceTable.format(locale: locale, currency: self.currency)
    format = found.format
    fractionDigits = found.fractionDigits
  }

  /// The display price, e.g. `$0.99`.
  ///
  /// - Parameter text: `price`'s description, when the caller has it (`Product.priceText`):
  ///   a price it shows exactly (no rounding, at most 15 significant digits) is written from
  ///   it without converting the price.
  package func string(for price: Decimal, text: String? = nil) -> String {
    if let text, let exact = ShownNumber(exactText: text, fractionDigits: fractionDigits) {
      return write(exact)
    }
    return write(ShownNumber(Self.double(price), fractionDigits: fractionDigits))
  }

  /// The `Double` `NumberFormatter` formats for `price`: `NSDecimalNumber.doubleValue`, which
  /// is `Decimal._doubleValue` (not always the nearest `Double`: 1.005 → 1.0050000000000001).
  static func double(_ price: Decimal) -> Double {
    #if canImport(FoundationEssentials)
    return price._doubleValue
    #else
    return NSDecimalNumber(decimal: price).doubleValue
    #endif
  }

  /// `number` with the locale's affixes, separators, grouping and digits.
  private func write(_ number: ShownNumber) -> String {
    // (ICU's localized NaN, `ليس رقمًا` in ar, is not in the table: catalogs hold no NaN.)
    if number.isNaN { return format.prefix + "NaN" + format.suffix }
    var out = number.isNegative ? format.negativePrefix : format.prefix
    let integer = number.integer
    for (n, digit) in integer.enumerated() {
      append(digit, to: &out)
      let magnitude = integer.count - 1 - n
      if format.primary > 0, magnitude >= format.primary, integer.count - format.primary >= format.minimumGrouping,
        (magnitude - format.primary) % max(format.secondary, 1) == 0
      {
        out += format.group
      }
    }
    if !number.fraction.isEmpty {
      out += format.decimal
      for digit in number.fraction { append(digit, to: &out) }
    }
    out += number.isNegative ? format.negativeSuffix : format.suffix
    return out
  }

  private func append(_ digit: UInt8, to out: inout String) {
    if let digits = format.digits { out += digits[Int(digit)] } else { out.unicodeScalars.append(Unicode.Scalar(digit + 48)) }
  }
}
