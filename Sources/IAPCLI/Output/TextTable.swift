import IAPCore
import IAPKit

/// Aligns rows of cells into columns for people to read. A column that is empty in every row
/// is left out, and trailing spaces are trimmed.
///
/// `appendLine` is the one alignment: of `String` cells here, and of the UTF-8 cells
/// `KeptRows` keeps for a long `history`.
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
      widths[n] = max(widths[n], cell.columnWidth)
    }
  }

  /// How many characters `cell` shows.
  static func width(_ cell: String) -> Int { cell.columnWidth }

  /// One aligned line, given the widths of every row's cells.
  static func format(_ row: [String], widths: [Int]) -> String {
    var line: [UInt8] = []
    appendLine(row.count, widths: widths, to: &line) { row[$0] }
    return String(decoding: line, as: UTF8.self)
  }

  /// Appends the aligned line (without its newline) of a row of `count` cells, the n-th of
  /// which is `cell(n)`, given the widths of every row's cells.
  static func appendLine<C: Cell>(_ count: Int, widths: [Int], to out: inout [UInt8], _ cell: (Int) -> C) {
    let start = out.count
    var spaces = 0  // padding owed, written only if a non-empty cell follows (no trailing spaces)
    for n in 0..<count where widths[n] > 0 {
      let text = cell(n)
      if !text.isEmpty {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
        text.appendUTF8(to: &out)
        spaces = 0
      }
      if n < count - 1 { spaces += widths[n] - text.columnWidth + 2 }
    }
    while out.count > start, out.last == UInt8(ascii: " ") { out.removeLast() }  // a cell's own trailing spaces
  }

  /// A cell's text as `appendLine` needs it: its UTF-8 and how many characters it shows.
  protocol Cell {
    var isEmpty: Bool { get }
    /// The characters shown: the bytes when they are ASCII, which is cheaper than counting
    /// characters (a long `history` measures every cell and pads all but the last).
    var columnWidth: Int { get }
    func appendUTF8(to out: inout [UInt8])
  }
}

extension String: TextTable.Cell {
  var columnWidth: Int { utf8.contains { $0 >= 0x80 } ? count : utf8.count }
  func appendUTF8(to out: inout [UInt8]) { out.append(contentsOf: utf8) }
}

extension ArraySlice<UInt8>: TextTable.Cell {
  var columnWidth: Int { contains { $0 >= 0x80 } ? String(decoding: self, as: UTF8.self).count : count }
  func appendUTF8(to out: inout [UInt8]) { out.append(contentsOf: self) }
}
