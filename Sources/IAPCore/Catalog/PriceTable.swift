/// Looks currency formats up in the generated data (`PriceTable+Data.swift`), which holds what
/// `NumberFormatter`'s currency style writes on Linux for every locale ICU lists and every
/// common ISO 4217 currency.
///
/// The data is a few string literals parsed on demand, not array or dictionary literals: those
/// compile slowly and cost their first use an initializer. A lookup scans a literal's lines
/// for its key, a few microseconds; only the product commands look anything up.
enum PriceTable {
  /// One locale's currency format, with a currency's symbol in its affixes.
  struct Format: Equatable {
    var prefix = "", suffix = "", negativePrefix = "", negativeSuffix = ""
    var decimal = ".", group = ","
    /// The size of the group nearest the decimal separator, of the others, and how many
    /// digits must come before the first group for ICU to group at all (2 in es: `1234`).
    var primary = 3, secondary = 3, minimumGrouping = 1
    /// The digits 0–9, or nil for ASCII digits.
    var digits: [String]? = nil
    /// What goes between a symbol ending in a letter (or other non-symbol) and the number.
    var spacing = "\u{a0}"
  }

  /// The format, symbol and fraction digits of `currency` in `locale`.
  ///
  /// A locale the table does not have takes its nearest ancestor's format (`fr_XX` → `fr`),
  /// and a language it does not have the format `xx` gets (`*`); see `PriceFormatter`.
  static func format(locale: String, currency: String) -> (format: Format, symbol: String, fractionDigits: Int) {
    let chain = self.chain(for: PriceLocale(locale).base)
    let code = currency.uppercased()
    var fields = [String?](repeating: nil, count: 9)
    if let own = exception(locale: chain[0], currency: code) { merge(own.dropFirst(2), into: &fields) }
    for id in chain { if let record = line(locales, key: id) { merge(record.dropFirst(), into: &fields) } }
    var symbol: String?
    for id in chain where symbol == nil {
      guard let record = line(symbols, key: id) else { continue }
      for entry in record.dropFirst() where entry.utf8.starts(with: code.utf8) {
        symbol = String(entry.dropFirst(3))
        break
      }
    }
    let known = line(currencies, key: code)
    let fractionDigits = known.flatMap { Int($0[1]) } ?? 2
    let shown = symbol ?? known?[2] ?? code
    return (Format(fields: fields, symbol: shown), shown, fractionDigits)
  }

  /// The currency of the locale's region, as `Locale(identifier:).currency` gives it: its
  /// `@currency=` keyword, else its `@rg=` region's or its own region's; nil without one.
  static func currency(locale: String) -> String? {
    let parsed = PriceLocale(locale)
    if let code = parsed.keyword("currency") { return code.uppercased() }
    guard let region = parsed.keyword("rg").map({ String($0.prefix(2)).uppercased() }) ?? parsed.region else { return nil }
    let key = Array(region.utf8)
    return regions.withUTF8Buffer { buffer -> String? in
      for entry in buffer.split(separator: UInt8(ascii: "|")) where entry.count == key.count + 3 && entry.starts(with: key) {
        return String(decoding: entry.suffix(3), as: UTF8.self)
      }
      return nil
    }
  }

  /// The table's locales `base` inherits from, nearest first: `base` and each identifier it
  /// starts with (cut at `_`) that the table has, or `*` when it has none of them.
  static func chain(for base: String) -> [String] {
    var chain: [String] = []
    var parts = base.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
    while !parts.isEmpty {
      let id = parts.joined(separator: "_")
      if line(locales, key: id) != nil { chain.append(id) }
      parts.removeLast()
    }
    return chain.isEmpty ? ["*"] : chain
  }

  /// Fills the fields still unknown with `record`'s (`^` and missing ones are inherited).
  private static func merge(_ record: ArraySlice<String>, into fields: inout [String?]) {
    for (n, value) in record.enumerated() where n < fields.count && fields[n] == nil && value != "^" {
      fields[n] = value
    }
  }

  /// The fields of the line of `text` whose first field is `key`: a binary search, the lines
  /// being sorted by their first fields' bytes.
  static func line(_ text: StaticString, key: String) -> [String]? {
    let key = Array(key.utf8)
    let newline = UInt8(ascii: "\n"), bar = UInt8(ascii: "|")
    return text.withUTF8Buffer { buffer -> [String]? in
      // [low, high) holds whole lines.
      var low = 0
      var high = buffer.count
      while low < high {
        var start = (low + high) / 2
        while start > low && buffer[start - 1] != newline { start -= 1 }
        var end = start
        while end < buffer.count && buffer[end] != newline { end += 1 }
        var keyEnd = start
        while keyEnd < end && buffer[keyEnd] != bar { keyEnd += 1 }
        let first = buffer[start..<keyEnd]
        if first.elementsEqual(key) {
          return buffer[start..<end].split(separator: bar, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        if key.lexicographicallyPrecedes(first) { high = start } else { low = end + 1 }
      }
      return nil
    }
  }

  /// The fields of the line of `exceptions` for `locale` and `currency` (a few lines, read
  /// in order).
  static func exception(locale: String, currency: String) -> [String]? {
    let key = Array((locale + "|" + currency).utf8)
    return exceptions.withUTF8Buffer { buffer -> [String]? in
      for line in buffer.split(separator: UInt8(ascii: "\n")) where line.starts(with: key) && (line.count == key.count || line[line.startIndex + key.count] == UInt8(ascii: "|")) {
        return line.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
      }
      return nil
    }
  }
}

extension PriceTable.Format {
  /// The format the data's fields give, with `symbol` (and the spacing ICU puts around it)
  /// in the affixes.
  init(fields: [String?], symbol: String) {
    let spacing = fields[8] ?? "\u{a0}"
    func affix(_ pattern: String?, isPrefix: Bool) -> String {
      guard var pattern else { return "" }
      // ICU's currency spacing, only where the symbol touches the number.
      if isPrefix && pattern.hasSuffix("¤") && PriceTable.spaced(symbol, atEnd: true) { pattern += spacing }
      if !isPrefix && pattern.hasPrefix("¤") && PriceTable.spaced(symbol, atEnd: false) { pattern = spacing + pattern }
      var out = ""
      for character in pattern {
        if character == "¤" { out += symbol } else { out.append(character) }
      }
      return out
    }
    prefix = affix(fields[0], isPrefix: true)
    suffix = affix(fields[1], isPrefix: false)
    negativePrefix = affix(fields[2], isPrefix: true)
    negativeSuffix = affix(fields[3], isPrefix: false)
    decimal = fields[4] ?? "."
    group = fields[5] ?? ","
    let sizes = (fields[6] ?? "3,3,1").split(separator: ",").compactMap { Int($0) }
    if sizes.count == 3 { (primary, secondary, minimumGrouping) = (sizes[0], sizes[1], sizes[2]) }
    if let digits = fields[7], !digits.isEmpty { self.digits = digits.map { String($0) } }
    self.spacing = spacing
  }
}

extension PriceTable {
  /// Whether ICU puts the locale's spacing between `symbol` and an adjacent digit: when the
  /// symbol's character next to the number is neither a symbol nor a separator (ICU's
  /// `currencySpacing`, `[[:^S:]&[:^Z:]]` next to `[:digit:]`): `CHF 5` but `$5`.
  static func spaced(_ symbol: String, atEnd: Bool) -> Bool {
    guard let scalar = atEnd ? symbol.unicodeScalars.last : symbol.unicodeScalars.first else { return false }
    switch scalar.properties.generalCategory {
    case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator, .lineSeparator, .paragraphSeparator:
      return false
    default:
      return true
    }
  }
}
