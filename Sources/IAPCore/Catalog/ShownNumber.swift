/// A price's digits as ICU shows them with a currency's fraction digits: rounded half-even,
/// the integer part without leading zeros (at least one digit), the fraction padded.
struct ShownNumber {
  var isNegative = false
  /// `Decimal.nan`, which `NumberFormatter` writes as `NaN` between the affixes.
  var isNaN = false
  /// Digit values, most significant first.
  var integer: [UInt8] = [0]
  var fraction: [UInt8] = []

  /// `text`'s digits when it is a non-negative price shown without rounding (digits and at
  /// most one point, no more fraction digits than the currency shows) and without the `Double`
  /// approximation ICU makes past 15 significant digits; nil otherwise.
  init?(exactText text: String, fractionDigits: Int) {
    var integer: [UInt8] = []
    var fraction: [UInt8] = []
    var seenPoint = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: ".") {
        guard !seenPoint else { return nil }
        seenPoint = true
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        if seenPoint { fraction.append(byte - 48) } else { integer.append(byte - 48) }
      } else {
        return nil
      }
    }
    while integer.count > 1, integer[0] == 0 { integer.removeFirst() }
    while fraction.last == 0 { fraction.removeLast() }
    let significant = (integer == [0] ? 0 : integer.count) + fraction.count
    guard !integer.isEmpty, fraction.count <= fractionDigits, significant <= 15 else { return nil }
    self.integer = integer
    self.fraction = fraction + [UInt8](repeating: 0, count: fractionDigits - fraction.count)
  }

  /// `value` as ICU formats a double: the shortest decimal that names it (Swift's
  /// description gives the same digits), rounded half-even to `fractionDigits`.
  init(_ value: Double, fractionDigits: Int) {
    guard !value.isNaN else {
      isNaN = true
      return
    }
    isNegative = value < 0
    var digits: [UInt8] = []
    var point: Int?
    var exponent = 0
    var exponentSign = 1
    var inExponent = false
    for byte in "\(value.magnitude)".utf8 {
      switch byte {
      case UInt8(ascii: "."): point = digits.count
      case UInt8(ascii: "e"): inExponent = true
      case UInt8(ascii: "-"): exponentSign = -1
      case UInt8(ascii: "+"): break
      default:
        if inExponent { exponent = exponent * 10 + Int(byte - 48) } else { digits.append(byte - 48) }
      }
    }
    // value = 0.d1d2d3… × 10^point
    var position = (point ?? digits.count) + exponentSign * exponent
    while digits.first == 0 {
      digits.removeFirst()
      position -= 1
    }
    let keep = position + fractionDigits
    if digits.count > keep {
      if keep < 0 {
        digits = []
      } else {
        let first = digits[keep]
        let beyond = digits[(keep + 1)...].contains { $0 != 0 }
        let odd = keep > 0 && digits[keep - 1] % 2 == 1
        digits.removeSubrange(keep...)
        if first > 5 || (first == 5 && (beyond || odd)) {
          var n = keep - 1
          while n >= 0 && digits[n] == 9 {
            digits[n] = 0
            n -= 1
          }
          if n >= 0 {
            digits[n] += 1
          } else {
            digits.insert(1, at: 0)
            position += 1
          }
        }
      }
    }
    integer = position > 0 ? (0..<position).map { $0 < digits.count ? digits[$0] : 0 } : [0]
    while integer.count > 1, integer[0] == 0 { integer.removeFirst() }
    fraction = (0..<fractionDigits).map { n in
      let index = position + n
      return index >= 0 && index < digits.count ? digits[index] : 0
    }
  }
}
