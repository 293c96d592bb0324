import Foundation

// In the tests, `CurrencySpacing` is IAPCore's; `scripts/gen-price-table` compiles its file
// with this one instead, as the generator must build without the package.
#if canImport(IAPCore)
  @testable import IAPCore
#endif

/// Writes `Sources/IAPCore/Catalog/PriceTable+Data.swift`: what `NumberFormatter`'s currency
/// style writes on this machine, as data `PriceFormatter` formats from without ICU.
///
/// `scripts/gen-price-table` compiles this file with a `main` and writes (or `--check`s) the
/// data file; `PriceTableTests` runs the same `render()` and compares it with the checked-in
/// file, so a Foundation or ICU update that changes a format fails the tests loudly.
///
/// Everything is measured from `NumberFormatter`'s output, not read from ICU's data: a locale's
/// affixes, separators, grouping and digits from a few prices in a currency whose symbol ICU
/// puts no spacing around, each currency's fraction digits, and each (locale, currency)
/// pair's symbol. `render()` then checks that `PriceTable`'s model rebuilds `NumberFormatter`'s
/// output for every pair, and stops (naming the pairs) if it does not.
enum PriceTableGenerator {
  /// Stands for the currency symbol in an affix.
  static let placeholder = "¤"

  /// One locale's currency format.
  struct Format: Equatable {
    var prefix = "", suffix = "", negativePrefix = "", negativeSuffix = ""
    var decimal = "", group = ""
    var primary = 0, secondary = 0, minimumGrouping = 1
    /// The ten digits, 0 to 9, or "" for ASCII digits.
    var digits = ""
    /// What ICU puts between a symbol that ends in a letter and the number: a no-break space,
    /// or nothing in the few locales whose data says so (ms, id).
    var spacing = "\u{a0}"

    var fields: [String] {
      [prefix, suffix, negativePrefix, negativeSuffix, decimal, group, "\(primary),\(secondary),\(minimumGrouping)", digits, spacing]
    }
  }

  /// The locales the table covers: every identifier ICU lists, language_REGION for each
  /// language_Script_REGION it lists, and `*`, the format of a locale whose language ICU does
  /// not know (measured as `xx`).
  static var localeIdentifiers: [String] {
    let available = Set(Locale.availableIdentifiers)
    // ICU also takes language_REGION for a language it lists only with a script (zh_TW for
    // zh_Hant_TW, sr_RS for sr_Cyrl_RS), which a truncation would send to the wrong script.
    var aliases = Set<String>()
    for id in available {
      let parts = id.split(separator: "_")
      if parts.count == 3, parts[1].count == 4 { aliases.insert("\(parts[0])_\(parts[2])") }
    }
    return Array(available.union(aliases).union(["*"])).sorted()
  }

  /// The currencies the table covers: the ISO 4217 codes Foundation calls common (the App
  /// Store's among them) and each region's own.
  static var currencyCodes: [String] {
    Array(Set(Locale.commonISOCurrencyCodes + regionCurrencies.map(\.currency))).sorted()
  }

  /// Every region's currency as `Locale(identifier:).currency` gives it.
  static var regionCurrencies: [(region: String, currency: String)] {
    Locale.Region.isoRegions.map(\.identifier).sorted().compactMap { region in
      Locale(identifier: "und_\(region)").currency.map { (region, $0.identifier) }
    }
  }

  static func measuredIdentifier(_ id: String) -> String { id == "*" ? "xx" : id }

  /// A currency-style formatter, as `PriceFormatter` replaces it.
  static func formatter(_ locale: String, _ currency: String) -> NumberFormatter {
    let formatter = NumberFormatter()
    formatter.numberStyle = .currency
    formatter.locale = Locale(identifier: measuredIdentifier(locale))
    formatter.currencyCode = currency
    return formatter
  }

  static func string(_ formatter: NumberFormatter, _ value: String) -> String {
    formatter.string(from: NSDecimalNumber(string: value)) ?? "nil"
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType == .decimal }

  /// `text` cut into what comes before the first digit, the number, and what follows the last.
  static func split(_ text: String) -> (before: String, number: [Unicode.Scalar], after: String)? {
    let scalars = Array(text.unicodeScalars)
    guard let first = scalars.firstIndex(where: isDigit), let last = scalars.lastIndex(where: isDigit) else { return nil }
    func string(_ part: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(part)) }
    return (string(scalars[..<first]), Array(scalars[first...last]), string(scalars[(last + 1)...]))
  }

  /// Each currency's fraction digits, from en_US.
  static func fractionDigits(_ currency: String) -> Int {
    let shown = string(formatter("en_US", currency), "1")
    guard let number = split(shown)?.number else { return 0 }
    guard let point = number.firstIndex(where: { !isDigit($0) }) else { return 0 }
    return number.count - point - 1
  }

  /// The locale's format: the one most of three currencies whose symbols ICU puts no spacing
  /// around show (so that every space in the output is the pattern's own; a locale's data
  /// may give a currency its own separators, as en_150 does the euro).
  static func format(_ locale: String, symbols: [String: String]) throws -> Format {
    let candidates = ["USD", "EUR", "GBP", "JPY", "CNY", "INR", "KRW", "ILS", "NGN"] + symbols.keys.sorted()
    let plain = candidates.filter { code in symbols[code].map { !$0.isEmpty && !spaced($0, atEnd: true) && !spaced($0, atEnd: false) } ?? false }
    guard !plain.isEmpty else { throw GenerationError("\(locale): no currency with a symbol ICU puts no spacing around") }
    let formats: [Format] = try plain.prefix(3).map { try Self.format(locale, currency: $0, symbol: symbols[$0]!) }
    func votes(_ candidate: Format) -> Int { formats.filter { $0 == candidate }.count }
    var format: Format = formats.max { votes($0) < votes($1) }!
    // The spacing, from a currency whose symbol ICU would space from the number.
    let adjacentEnd = format.prefix.hasSuffix(placeholder)
    if adjacentEnd || format.suffix.hasPrefix(placeholder),
      let spacedCode = (["CHF", "XAF", "DKK"] + symbols.keys.sorted()).first(where: { symbols[$0].map { spaced($0, atEnd: adjacentEnd) } ?? false })
    {
      let shown = string(formatter(locale, spacedCode), "1234567890")
      let digits = fractionDigits(spacedCode)
      for spacing in ["\u{a0}", ""] {
        format.spacing = spacing
        if shown == rebuild(format, symbol: symbols[spacedCode]!, fractionDigits: digits, negative: false) { break }
      }
    }
    return format
  }

  /// The format `locale` shows `currency` in. Where ICU put a space between the symbol and
  /// the number, the pattern is written without it (`PriceFormatter` puts it back).
  static func format(_ locale: String, currency: String, symbol: String, spacing: String = "\u{a0}") throws -> Format {
    let f = formatter(locale, currency)
    var format = Format()
    format.spacing = spacing
    let digits = fractionDigits(currency)
    guard let long = split(string(f, "1234567890")), let negative = split(string(f, "-1234567890")) else {
      throw GenerationError("\(locale): no digits in its output")
    }
    func pattern(_ affix: String) throws -> String {
      let parts = affix.components(separatedBy: symbol)
      guard parts.count == 2 else { throw GenerationError("\(locale): symbol \(symbol) not once in \(affix.debugDescription)") }
      var pattern = parts.joined(separator: placeholder)
      if !spacing.isEmpty, pattern.hasSuffix(placeholder + spacing) && spaced(symbol, atEnd: true) { pattern.removeLast() }
      if !spacing.isEmpty, pattern.hasPrefix(spacing + placeholder) && spaced(symbol, atEnd: false) { pattern.removeFirst() }
      return pattern
    }
    // The symbol's side of the number becomes a pattern; the other side stays as written.
    func affixes(_ before: String, _ after: String) throws -> (String, String) {
      before.contains(symbol) ? (try pattern(before), after) : (before, try pattern(after))
    }
    (format.prefix, format.suffix) = try affixes(long.before, long.after)
    (format.negativePrefix, format.negativeSuffix) = try affixes(negative.before, negative.after)
    // The number: runs of digits (1234567890, then the fraction) and the separators between.
    var runs: [Int] = []
    var separators: [String] = []
    var digitScalars: [Unicode.Scalar] = []
    var previousWasDigit = false
    for scalar in long.number {
      if isDigit(scalar) {
        if previousWasDigit { runs[runs.count - 1] += 1 } else { runs.append(1) }
        digitScalars.append(scalar)
      } else if previousWasDigit {
        separators.append(String(scalar))
      } else {
        separators[separators.count - 1].unicodeScalars.append(scalar)
      }
      previousWasDigit = isDigit(scalar)
    }
    if digits > 0 {
      format.decimal = separators.removeLast()
      runs.removeLast()
    }
    if runs.count > 1 {
      format.group = separators[0]
      format.primary = runs[runs.count - 1]
      format.secondary = runs.count > 2 ? runs[runs.count - 2] : format.primary
      guard Set(separators).count == 1 else { throw GenerationError("\(locale): several grouping separators") }
    }
    if digits == 0 {
      // Measure the decimal separator in a currency that has fraction digits.
      guard let cents = split(string(formatter(locale, "USD"), "1.5")) else { throw GenerationError("\(locale): no USD") }
      // (A currency without fractions never shows it: the locale's USD one stands in.)
      format.decimal = String(String.UnicodeScalarView(cents.number.filter { !isDigit($0) }))
    }
    let ten = Array(digitScalars.prefix(10))
    let ordered = [ten[9]] + ten[0..<9]
    let digitString = String(String.UnicodeScalarView(ordered))
    format.digits = digitString == "0123456789" ? "" : digitString
    if format.primary > 0 {
      // The fewest digits past the first group that make ICU group (2 in es: 1234 but 12.345).
      func grouped(_ count: Int) -> Bool {
        let number = split(string(f, "1" + String(repeating: "0", count: count - 1)))?.number ?? []
        return String(String.UnicodeScalarView(number)).contains(format.group)
      }
      format.minimumGrouping = (1...4).first { grouped(format.primary + $0) } ?? 0
      guard format.minimumGrouping > 0 else { throw GenerationError("\(locale): no grouping up to 4 digits past the first group") }
    }
    return format
  }

  /// Whether ICU spaces `symbol` from an adjacent digit: the rule `PriceTable` applies.
  static func spaced(_ symbol: String, atEnd: Bool) -> Bool { CurrencySpacing.applies(to: symbol, atEnd: atEnd) }

  struct GenerationError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
