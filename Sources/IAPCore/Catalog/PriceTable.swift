import IAPFormats

/// Looks currency formats up in the generated data (`PriceTable+Data.swift`), which holds what
/// `NumberFormatter`'s currency style writes on Linux for every locale ICU lists and every
/// common ISO 4217 currency.
///
/// The data is a few string literals parsed on demand, not array or dictionary literals: those
/// compile slowly and cost their first use an initializer. A lookup is a binary search of a
/// literal's sorted lines, and a `PriceFormatter` makes about ten; only the product commands
/// make one (docs/performance.md, "Shapes kept for start-up").
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

  /// The format (the symbol in its affixes) and fraction digits of `currency` in `locale`.
  ///
  /// A locale the table does not have takes its nearest ancestor's format (`fr_XX` → `fr`),
  /// and a language it does not have the format `xx` gets (`*`); see `PriceFormatter`.
  static func format(locale: String, currency: String) -> (format: Format, fractionDigits: Int) {
    let chain = self.chain(for: PriceLocale(locale).base)
    let code = Array(currency.uppercased().utf8)
    // "^" (inherited) until a record of the chain gives the field.
    var fields = [String](repeating: "^", count: 9)
    func merge(_ record: [String], from first: Int) {
      var n = 0
      while n < fields.count && first + n < record.count {
        if fields[n] == "^" { fields[n] = record[first + n] }
        n += 1
      }
    }
    let exceptions = bytes(self.exceptions)
    if let own = exceptions.firstLine(startingWith: Array(chain[0].utf8) + [bar] + code) {
      merge(exceptions.fields(of: own), from: 2)
    }
    let locales = bytes(self.locales)
    for id in chain {
      if let record = locales.line(key: Array(id.utf8)) { merge(locales.fields(of: record), from: 1) }
    }
    let symbols = bytes(self.symbols)
    var symbol: String?
    for id in chain where symbol == nil {
      if let record = symbols.line(key: Array(id.utf8)) { symbol = symbols.entry(in: record, code: code) }
    }
    let currencies = bytes(self.currencies)
    let known = currencies.line(key: code).map { currencies.fields(of: $0) }
    let fractionDigits = known.flatMap { Int($0[1]) } ?? 2
    let shown = symbol ?? known?[2] ?? String(decoding: code, as: UTF8.self)
    return (Format(fields: fields, symbol: shown), fractionDigits)
  }

  /// The currency of the locale's region, as `Locale(identifier:).currency` gives it: its
  /// `@currency=` keyword, else its `@rg=` region's or its own region's; nil without one.
  static func currency(locale: String) -> String? {
    let parsed = PriceLocale(locale)
    if let code = parsed.keyword("currency") { return code.uppercased() }
    guard let region = parsed.keyword("rg").map({ String($0.prefix(2)).uppercased() }) ?? parsed.region else { return nil }
    let regions = bytes(self.regions)
    guard let line = regions.line(key: []) else { return nil }
    return regions.entry(in: line, code: Array(region.utf8))
  }

  /// The table's locales `base` inherits from, nearest first: `base` and each identifier it
  /// starts with (cut at `_`) that the table has, or `*` when it has none of them.
  static func chain(for base: String) -> [String] {
    let locales = bytes(self.locales)
    var chain: [String] = []
    var id = Array(base.utf8)
    while !id.isEmpty {
      if locales.line(key: id) != nil { chain.append(String(decoding: id, as: UTF8.self)) }
      id.removeSubrange((id.lastIndex(of: UInt8(ascii: "_")) ?? 0)...)
    }
    return chain.isEmpty ? ["*"] : chain
  }

  static let bar = UInt8(ascii: "|")
  static let newline = UInt8(ascii: "\n")

  /// A literal's bytes, where they lie for the life of the process.
  static func bytes(_ text: StaticString) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The line whose first field is `key` (the whole of a one-line literal for an empty key).
  func line(key: [UInt8]) -> Range<Int>? {
    key.isEmpty ? 0..<count : sortedLine(key: key, separator: PriceTable.bar, in: 0..<count)
  }

  /// The first line that starts with `prefix` followed by `|` or its end (lines read in order:
  /// for the few lines of `exceptions`, keyed by two fields).
  func firstLine(startingWith prefix: [UInt8]) -> Range<Int>? {
    var start = 0
    while start < count {
      var end = start
      while end < count && self[end] != PriceTable.newline { end += 1 }
      let line = self[start..<end]
      if line.starts(with: prefix) && (line.count == prefix.count || self[start + prefix.count] == PriceTable.bar) {
        return start..<end
      }
      start = end + 1
    }
    return nil
  }

  /// The `|`-separated fields of a line.
  func fields(of line: Range<Int>) -> [String] {
    var fields: [String] = []
    var start = line.lowerBound
    for n in line where self[n] == PriceTable.bar {
      fields.append(String(decoding: UnsafeBufferPointer(rebasing: self[start..<n]), as: UTF8.self))
      start = n + 1
    }
    fields.append(String(decoding: UnsafeBufferPointer(rebasing: self[start..<line.upperBound]), as: UTF8.self))
    return fields
  }

  /// In a line of entries each a code followed by its value (`USDUS$|JPYJP¥`), the value of
  /// `code`'s, without making a string of the others.
  func entry(in line: Range<Int>, code: [UInt8]) -> String? {
    var start = line.lowerBound
    while start < line.upperBound {
      var end = start
      while end < line.upperBound && self[end] != PriceTable.bar { end += 1 }
      if end - start >= code.count && self[start..<(start + code.count)].elementsEqual(code) {
        return String(decoding: UnsafeBufferPointer(rebasing: self[(start + code.count)..<end]), as: UTF8.self)
      }
      start = end + 1
    }
    return nil
  }
}

extension PriceTable.Format {
  /// The format the data's fields give, with `symbol` (and the spacing ICU puts around it)
  /// in the affixes.
  init(fields: [String], symbol: String) {
    func field(_ n: Int) -> String? { fields[n] == "^" ? nil : fields[n] }
    let spacing = field(8) ?? "\u{a0}"
    func affix(_ pattern: String?, isPrefix: Bool) -> String {
      guard var pattern else { return "" }
      // ICU's currency spacing, only where the symbol touches the number.
      if isPrefix && pattern.hasSuffix("¤") && CurrencySpacing.applies(to: symbol, atEnd: true) { pattern += spacing }
      if !isPrefix && pattern.hasPrefix("¤") && CurrencySpacing.applies(to: symbol, atEnd: false) { pattern = spacing + pattern }
      var out = ""
      for character in pattern {
        if character == "¤" { out += symbol } else { out.append(character) }
      }
      return out
    }
    prefix = affix(field(0), isPrefix: true)
    suffix = affix(field(1), isPrefix: false)
    negativePrefix = affix(field(2), isPrefix: true)
    negativeSuffix = affix(field(3), isPrefix: false)
    decimal = field(4) ?? "."
    group = field(5) ?? ","
    let sizes = (field(6) ?? "3,3,1").split(separator: ",").compactMap { Int($0) }
    if sizes.count == 3 { (primary, secondary, minimumGrouping) = (sizes[0], sizes[1], sizes[2]) }
    if let digits = field(7), !digits.isEmpty { self.digits = digits.map { String($0) } }
    self.spacing = spacing
  }
}
