import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// The aligned text of `history` and the other listings; issue 12 made it cheaper, and it
/// must align exactly as before.
@Suite struct TextTableTests {
  /// How lines were aligned before issue 12: widths in characters, every cell but the last
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

  @Test func alignsAsBefore() {
    var rng = TransactionRecordReaderTests.SplitMix(state: 3)
    let cells = ["", "#1", "#104360", "purchased", "×2", "é", "🗡️", "ключ", "a ", " b", "  ", "2026-01-01T00:00:00Z"]
    for _ in 0..<2000 {
      let columns = Int.random(in: 1...6, using: &rng)
      let rows = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
        (0..<columns).map { _ in cells.randomElement(using: &rng)! }
      }
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
