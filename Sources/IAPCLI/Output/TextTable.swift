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
      widths[n] = max(widths[n], width(cell))
    }
  }

  /// How many characters `cell` shows: its bytes when they are ASCII, which is cheaper than
  /// counting characters (a long `history` measures every cell and pads all but the last).
  static func width(_ cell: String) -> Int {
    cell.utf8.contains { $0 >= 0x80 } ? cell.count : cell.utf8.count
  }

  /// One aligned line, given the widths of every row's cells.
  static func format(_ row: [String], widths: [Int]) -> String {
    var line = ""
    var spaces = 0  // padding owed, written only if another cell follows (no trailing spaces)
    for (n, cell) in row.enumerated() where widths[n] > 0 {
      if !cell.isEmpty {
        if spaces > 0 { line += String(repeating: " ", count: spaces) }
        line += cell
        spaces = 0
      }
      if n < row.count - 1 { spaces += widths[n] - width(cell) + 2 }
    }
    while line.hasSuffix(" ") { line.removeLast() }  // a cell's own trailing spaces
    return line
  }
}
