/// Orders text with runs of digits compared by their value (`2` before `10`), as Finder
/// and `NSString.compare(_:options: .numeric)` do: how the numbered keys of a product
/// identifier dictionary (`0`, `1`, … `10`) are meant to be read.
///
/// iap's own: `compare(_:options:)` is NSString's, and referencing it links the whole of
/// Foundation (CoreFoundation, ICU) into every command (docs/performance.md, start-up).
/// Everything but digits is compared by Unicode scalar value, as a literal comparison is.
enum NumericOrder {
  /// Whether `a` comes before `b`.
  static func precedes(_ a: String, _ b: String) -> Bool {
    let x = Array(a.unicodeScalars)
    let y = Array(b.unicodeScalars)
    var i = 0
    var j = 0
    while i < x.count, j < y.count {
      if isDigit(x[i]), isDigit(y[j]) {
        let runX = digitRun(x, from: &i)
        let runY = digitRun(y, from: &j)
        // Fewer significant digits is the smaller number; same length compares digit by digit.
        if runX.count != runY.count { return runX.count < runY.count }
        if runX != runY { return runX.lexicographicallyPrecedes(runY) }
        continue
      }
      if x[i] != y[j] { return x[i].value < y[j].value }
      i += 1
      j += 1
    }
    // One is a prefix of the other (by value): the shorter comes first. Equal by value
    // (`01` and `1`): literal order, so that the order never depends on the input's.
    if x.count - i != y.count - j { return x.count - i < y.count - j }
    return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }

  private static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }

  /// The digits starting at `index` without their leading zeros, moving `index` past them.
  private static func digitRun(_ scalars: [Unicode.Scalar], from index: inout Int) -> [UInt32] {
    var run: [UInt32] = []
    while index < scalars.count, isDigit(scalars[index]) {
      if !(run.isEmpty && scalars[index] == "0") { run.append(scalars[index].value) }
      index += 1
    }
    return run
  }
}
