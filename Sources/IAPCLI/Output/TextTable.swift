import IAPCore
import IAPKit

/// Aligns rows of cells into columns for people to read. A column that is empty in every row
/// is left out, and trailing spaces are trimmed.
struct TextTable {
  private var rows: [[String]] = []

  mutating func append(_ cells: [String]) { rows.append(cells) }

  /// The aligned lines.
  var lines: [String] {
    var widths: [Int] = []
    for row in rows { Self.measure(row, into: &widths) }
    return rows.map { Self.format($0, widths: widths) }
  }

  /// Widens `widths` to fit `row`: the first pass of a table too long to keep in memory.
  static func measure(_ row: [String], into widths: inout [Int]) {
    for (n, cell) in row.enumerated() {
      if n == widths.count { widths.append(0) }
      widths[n] = max(widths[n], cell.count)
    }
  }

  /// One aligned line, given the widths of every row's cells.
  static func format(_ row: [String], widths: [Int]) -> String {
    var line = ""
    for (n, cell) in row.enumerated() where widths[n] > 0 {
      line += cell
      if n < row.count - 1 { line += String(repeating: " ", count: widths[n] - cell.count + 2) }
    }
    while line.hasSuffix(" ") { line.removeLast() }
    return line
  }
}
