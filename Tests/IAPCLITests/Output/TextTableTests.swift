import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// The aligned text of `history` and the other listings, built for speed, aligns exactly as
/// the plain reference below does.
@Suite struct TextTableTests {
  /// The plain way to align lines: widths in characters, every cell but the last
  /// padded, trailing spaces trimmed.
  static func reference(_ rows: [[String]]) -> [String] {
    var widths: [Int] = []
    for row in rows {
      for (n, cell) in row.enumerated() {
        if n == widths.count { widths.append(0) }
        widths[n] = max(widths[n], cell.count)
      }
    }
    return rows.map { row in
      var line = ""
      for (n, cell) in row.enumerated() where widths[n] > 0 {
        line += cell
        if n < row.count - 1 { line += String(repeating: " ", count: widths[n] - cell.count + 2) }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }

  /// A table of `rows` rows of one to six cells, narrow, wide, empty, spaced and multi-byte.
  static func randomRows(_ rng: inout SplitMix, rows: ClosedRange<Int>) -> [[String]] {
    let cells = ["", "#1", "#104360", "purchased", "×2", "é", "🗡️", "ключ", "a ", " b", "  ", "2026-01-01T00:00:00Z"]
    let columns = Int.random(in: 1...6, using: &rng)
    return (0..<Int.random(in: rows, using: &rng)).map { _ in
      (0..<columns).map { _ in cells.randomElement(using: &rng)! }
    }
  }

  @Test func alignsAsBefore() {
    var rng = SplitMix(state: 3)
    for _ in 0..<2000 {
      let rows = Self.randomRows(&rng, rows: 1...4)
      var table = TextTable()
      for row in rows { table.append(row) }
      #expect(table.lines == Self.reference(rows), "\(rows)")
    }
  }

  @Test func measuresCharactersNotBytes() {
    #expect(TextTable.width("🗡️ sword") == 7)
    #expect(TextTable.width("ключ") == 4)
    #expect(TextTable.width("#104360") == 7)
  }
}
