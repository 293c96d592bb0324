import Foundation

extension PriceTableGenerator {
  /// What was measured, before it is written compactly.
  struct Measured {
    var currencies: [String] = []
    var fractionDigits: [String: Int] = [:]
    var locales: [String] = []
    var formats: [String: Format] = [:]
    /// locale → currency → symbol.
    var symbols: [String: [String: String]] = [:]
    /// locale → currency → format, where the locale's data gives a currency its own.
    var exceptions: [String: [String: Format]] = [:]
    /// locale → currency → `NumberFormatter`'s output for each price `measure` was asked to
    /// write (the tests' reference: one formatter a pair serves both).
    var written: [String: [String: [String?]]] = [:]
  }

  /// The locale a locale inherits from in the table: its longest proper prefix (cut at `_`)
  /// that the table has (`sr_Latn_BA` → `sr_Latn`, `fr_CA` → `fr`), nil for a language.
  static func parent(_ id: String, in known: Set<String>) -> String? {
    var parts = id.split(separator: "_").map(String.init)
    while parts.count > 1 {
      parts.removeLast()
      let candidate = parts.joined(separator: "_")
      if known.contains(candidate) { return candidate }
    }
    return nil
  }

  /// Measures every locale (or those `including` keeps, given each one's place in the full
  /// list) and currency, checks the model against every pair, and writes `prices` (decimal
  /// text) in every pair for the caller. Locales are measured independently, so a subset's
  /// figures are the full measurement's.
  static func measure(writing prices: [String] = [], including: ((Int, String) -> Bool)? = nil) throws -> Measured {
    var measured = Measured()
    measured.currencies = currencyCodes
    for code in measured.currencies { measured.fractionDigits[code] = fractionDigits(code) }
    let all = localeIdentifiers
    measured.locales = including.map { keep in all.enumerated().filter { keep($0.offset, $0.element) }.map(\.element) } ?? all
    var failures: [String] = []
    for locale in measured.locales {
      var symbols: [String: String] = [:]
      var formatters: [String: NumberFormatter] = [:]
      for code in measured.currencies {
        let f = formatter(locale, code)
        formatters[code] = f
        symbols[code] = f.currencySymbol ?? ""
        if !prices.isEmpty {
          measured.written[locale, default: [:]][code] = prices.map { f.string(from: NSDecimalNumber(string: $0)) }
        }
      }
      measured.symbols[locale] = symbols
      let format = try format(locale, symbols: symbols)
      measured.formats[locale] = format
      for code in measured.currencies {
        let f = formatters[code]!
        let symbol = symbols[code]!, digits = measured.fractionDigits[code]!
        let expected = ["1234567890", "-1234567890"].map { string(f, $0) }
        func rebuilds(_ format: Format) -> Bool {
          expected == [false, true].map { rebuild(format, symbol: symbol, fractionDigits: digits, negative: $0) }
        }
        if rebuilds(format) { continue }
        var own = try? self.format(locale, currency: code, symbol: symbol, spacing: format.spacing)
        if digits == 0 { own?.decimal = format.decimal }
        if let measuredOwn = own, !rebuilds(measuredOwn) {
          own?.spacing = format.spacing.isEmpty ? "\u{a0}" : ""
        }
        if let own, rebuilds(own) {
          measured.exceptions[locale, default: [:]][code] = own
        } else {
          failures.append("\(locale) \(code): \(expected.debugDescription) rebuilt as \(own.map { f in [false, true].map { rebuild(f, symbol: symbol, fractionDigits: digits, negative: $0) } }.debugDescription)")
        }
      }
    }
    guard failures.isEmpty else {
      throw GenerationError("the model does not rebuild \(failures.count) outputs:\n" + failures.prefix(40).joined(separator: "\n"))
    }
    return measured
  }

  /// 1,234,567,890 in `format`, as `PriceFormatter` writes it (the generator's own check of
  /// the model; the tests check `PriceFormatter` itself).
  static func rebuild(_ format: Format, symbol: String, fractionDigits: Int, negative: Bool) -> String {
    var prefix = negative ? format.negativePrefix : format.prefix
    var suffix = negative ? format.negativeSuffix : format.suffix
    if prefix.hasSuffix(placeholder) && spaced(symbol, atEnd: true) { prefix += format.spacing }
    if suffix.hasPrefix(placeholder) && spaced(symbol, atEnd: false) { suffix = format.spacing + suffix }
    prefix = prefix.replacingOccurrences(of: placeholder, with: symbol)
    suffix = suffix.replacingOccurrences(of: placeholder, with: symbol)
    let integer = Array("1234567890")
    var number = ""
    for (n, digit) in integer.enumerated() {
      number.append(digit)
      let magnitude = integer.count - 1 - n
      if format.primary > 0, magnitude >= format.primary, integer.count - format.primary >= format.minimumGrouping,
        (magnitude - format.primary) % format.secondary == 0
      {
        number += format.group
      }
    }
    if fractionDigits > 0 { number += format.decimal + String(repeating: "0", count: fractionDigits) }
    if !format.digits.isEmpty {
      let digits = Array(format.digits)
      number = String(number.map { $0.isASCII && $0.isNumber ? digits[Int(String($0))!] : $0 })
    }
    return prefix + number + suffix
  }

  /// A line's fields, without the `^` (inherited) fields that end it.
  static func trimmed(_ fields: [String]) -> String {
    var fields = fields
    while fields.last == "^" { fields.removeLast() }
    return fields.joined(separator: "|")
  }

  /// The data file's text.
  static func render(_ measured: Measured) throws -> String {
    let known = Set(measured.locales)
    // Each currency's symbol where no locale says otherwise: the one most locales use.
    var defaults: [String: String] = [:]
    for code in measured.currencies {
      var counts: [String: Int] = [:]
      for locale in measured.locales { counts[measured.symbols[locale]![code]!, default: 0] += 1 }
      defaults[code] = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!.key
    }
    // The other ISO 4217 codes (historic ones: DEM, ADP, CLF) have their fraction digits
    // and the symbol of `*` (`xx`), but no locale's own symbols.
    for code in Locale.Currency.isoCurrencies.map(\.identifier) where defaults[code] == nil {
      defaults[code] = formatter("*", code).currencySymbol ?? code
    }
    var currencyLines: [String] = []
    for code in defaults.keys.sorted() {
      let digits = measured.fractionDigits[code] ?? fractionDigits(code)
      currencyLines.append([code, "\(digits)", defaults[code]!].joined(separator: "|"))
    }
    var localeLines: [String] = []
    var symbolLines: [String] = []
    var exceptionLines: [String] = []
    for locale in measured.locales {
      let format = measured.formats[locale]!
      let parentID = parent(locale, in: known)
      let inherited = parentID.map { measured.formats[$0]!.fields }
      let fields = format.fields.enumerated().map { n, field in field == inherited?[n] ? "^" : field }
      localeLines.append(trimmed([locale] + fields))
      var overrides: [String] = []
      for code in measured.currencies {
        let symbol = measured.symbols[locale]![code]!
        let above = parentID.map { measured.symbols[$0]![code]! } ?? defaults[code]!
        if symbol != above { overrides.append(code + symbol) }
      }
      if !overrides.isEmpty { symbolLines.append(([locale] + overrides).joined(separator: "|")) }
      for (code, own) in (measured.exceptions[locale] ?? [:]).sorted(by: { $0.key < $1.key }) {
        let fields = own.fields.enumerated().map { n, field in field == format.fields[n] ? "^" : field }
        exceptionLines.append(trimmed([locale, code] + fields))
      }
    }
    let regions = regionCurrencies.map { $0.region + $0.currency }.joined(separator: "|")
    for line in currencyLines + localeLines + symbolLines where line.contains("\n") || line.contains("\\") {
      throw GenerationError("a line the data format cannot hold: \(line.debugDescription)")
    }
    for (locale, format) in measured.formats {
      for field in format.fields where field.contains("|") || field == "^" {
        throw GenerationError("\(locale): field \(field.debugDescription) holds what the data format uses")
      }
    }
    for (locale, symbols) in measured.symbols {
      for (code, symbol) in symbols where symbol.contains("|") || symbol.contains("^") {
        throw GenerationError("\(locale) \(code): symbol \(symbol) holds a character the data format uses")
      }
    }
    return header + """

      extension PriceTable {
        /// One line a currency: code, fraction digits, the symbol most locales show.
        static var currencies: StaticString {
          \"\"\"
      \(literal(currencyLines))
      \"\"\"
        }

        /// One line a locale, sorted: identifier, then prefix, suffix, negative prefix, negative
        /// suffix (¤ for the symbol), decimal separator, grouping separator, grouping sizes
        /// (primary, secondary, minimum digits to group), digits 0–9 ("" for ASCII); `^` for a
        /// field equal to the parent's (the identifier cut at its last `_` that the table has), and
        /// the fields that end a line left out when they are.
        static var locales: StaticString {
          \"\"\"
      \(literal(localeLines))
      \"\"\"
        }

        /// One line a locale whose symbols differ from its parent's (or, for a language, from
        /// `currencies`'): identifier, then each currency code followed by its symbol.
        static var symbols: StaticString {
          \"\"\"
      \(literal(symbolLines))
      \"\"\"
        }

        /// One line a (locale, currency) pair whose format is not the locale's: identifier, code,
        /// then the fields `locales` has, `^` (or left out at the end) for one equal to the locale's.
        static var exceptions: StaticString {
          \"\"\"
      \(literal(exceptionLines))
      \"\"\"
        }

        /// Each region's currency, as `Locale(identifier:).currency` gives it: region code
        /// followed by currency code.
        static var regions: StaticString { "\(regions)" }
      }

      """
  }

  static var header: String {
    """
    // Generated by scripts/gen-price-table (Tests/IAPCoreTests/Catalog/PriceTableGenerator*.swift)
    // from NumberFormatter on Linux, Swift's Foundation and ICU: do not edit. PriceTableTests
    // fails when it is not what the generator writes today.
    //
    // \(localeIdentifiers.count) locales × \(currencyCodes.count) currencies, and the fraction digits of the
    // other ISO 4217 codes.

    """
  }

  /// `records` as the body of a multi-line literal, one record a line of the literal but
  /// those that start with the same character on one line of the file (`\n` between them, a
  /// `\` ending the file's line): the file stays short, its lines long.
  static func literal(_ records: [String]) -> String {
    var lines: [String] = []
    var previous: Character?
    for record in records {
      if let first = record.first, first == previous {
        lines[lines.count - 1] += "\\n" + escaped(record)
      } else {
        lines.append(escaped(record))
      }
      previous = record.first
    }
    return lines.joined(separator: "\\n\\\n")
  }

  /// `line` as Swift string literal text: invisible and non-ASCII spacing characters as
  /// `\u{…}` escapes, so that the file shows what it holds.
  static func escaped(_ line: String) -> String {
    var out = ""
    for scalar in line.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .format, .spaceSeparator, .control, .nonspacingMark, .enclosingMark, .spacingMark, .lineSeparator, .paragraphSeparator,
        .unassigned, .privateUse:
        if scalar == " " { out += " " } else { out += "\\u{\(String(scalar.value, radix: 16))}" }
      default:
        if scalar == "\"" { out += "\\\"" } else { out.unicodeScalars.append(scalar) }
      }
    }
    return out
  }
}
