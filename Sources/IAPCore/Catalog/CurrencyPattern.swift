/// A currency format `PriceFormatter` writes itself, without ICU, where `NumberFormatter`'s
/// currency style is known to be a symbol, then the amount with a comma every three digits
/// and a point before the currency's fixed number of fraction digits (`$1,234.50`, `¥1,200`).
///
/// Loading ICU's number formatting costs a process about 3 million instructions (half of
/// `products list` at the empty state), and each price about 20,000 more; iap's default
/// locale and storefront (en_US, USD) are what most catalogs show. `PriceFormatterTests`
/// checks every entry of the table against `NumberFormatter`, so a Foundation whose data
/// says otherwise fails the tests rather than changing what users see.
struct CurrencyPattern: Equatable {
  /// What comes before the amount.
  var symbol: String
  /// How many fraction digits the currency shows.
  var fractionDigits: Int

  /// en_US's format of the currencies of the common storefronts whose symbol is plain.
  private static let enUS: [(currency: String, pattern: CurrencyPattern)] = [
    ("USD", CurrencyPattern(symbol: "$", fractionDigits: 2)),
    ("EUR", CurrencyPattern(symbol: "€", fractionDigits: 2)),
    ("GBP", CurrencyPattern(symbol: "£", fractionDigits: 2)),
    ("JPY", CurrencyPattern(symbol: "¥", fractionDigits: 0)),
    ("CAD", CurrencyPattern(symbol: "CA$", fractionDigits: 2)),
    ("AUD", CurrencyPattern(symbol: "A$", fractionDigits: 2)),
  ]

  /// Every entry of the table, for the tests.
  static var known: [(locale: String, currency: String, pattern: CurrencyPattern)] {
    enUS.map { ("en_US", $0.currency, $0.pattern) }
  }

  /// The pattern for `currency` in `locale`, when the table has it. (A list searched in
  /// order: a dictionary's type costs a process's first use tens of thousands of
  /// instructions at run time.)
  static func of(locale: String, currency: String) -> CurrencyPattern? {
    guard locale == "en_US" else { return nil }
    for entry in enUS where entry.currency == currency { return entry.pattern }
    return nil
  }

  /// `text` (a non-negative price as plain decimal text, `Decimal`'s description) in this
  /// format; nil for what `NumberFormatter` would round (more fraction digits than the
  /// currency shows, or more than 15 significant digits, past which it formats a `Double`'s
  /// approximation), for a sign, and for anything but digits and one point.
  func format(_ text: String) -> String? {
    var integer: [UInt8] = []
    var fraction: [UInt8] = []
    var seenPoint = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: ".") {
        guard !seenPoint else { return nil }
        seenPoint = true
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        if seenPoint { fraction.append(byte) } else { integer.append(byte) }
      } else {
        return nil
      }
    }
    while integer.count > 1, integer[0] == UInt8(ascii: "0") { integer.removeFirst() }
    while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
    let significant = (integer == [UInt8(ascii: "0")] ? 0 : integer.count) + fraction.count
    guard !integer.isEmpty, fraction.count <= fractionDigits, significant <= 15 else { return nil }
    var out = Array(symbol.utf8)
    for (n, digit) in integer.enumerated() {
      if n > 0, (integer.count - n) % 3 == 0 { out.append(UInt8(ascii: ",")) }
      out.append(digit)
    }
    if fractionDigits > 0 {
      out.append(UInt8(ascii: "."))
      out += fraction
      out += [UInt8](repeating: UInt8(ascii: "0"), count: fractionDigits - fraction.count)
    }
    return String(decoding: out, as: UTF8.self)
  }
}
