/// The cells of a long table's rows, kept as bytes while they fit in a fixed budget, so that
/// a table measured in one pass can be printed without a second: `history` measures its
/// columns before it prints, and a second pass would read and decode every transaction
/// again. Past the budget nothing more is kept and
/// the caller makes its second pass as before, so memory stays bounded however long the
/// history is.
struct KeptRows {
  /// Every kept cell's UTF-8, one after another.
  private var bytes: [UInt8] = []
  /// Where each kept cell ends in `bytes`, and where each row ends in `cellEnds`.
  private var cellEnds: [Int32] = []
  private var rowEnds: [Int32] = []
  /// The most bytes kept (cells and their bookkeeping).
  let budget: Int
  /// Whether every row appended so far is kept.
  private(set) var isComplete = true

  /// 24 MB: a century of weekly renewals (104,000 rows of about 130 bytes of cells, and 32
  /// of bookkeeping: 17 MB) fits; some 140,000 such rows would.
  static let defaultBudget = 24 << 20

  init(budget: Int = defaultBudget) {
    self.budget = budget
  }

  /// Keeps `row` if it fits; once one does not, nothing more is kept (`isComplete` is false).
  mutating func append(_ row: [String]) {
    guard isComplete else { return }
    var size = 0
    for cell in row { size += cell.utf8.count }
    guard bytes.count + size + (cellEnds.count + row.count + rowEnds.count + 1) * 4 <= budget else {
      isComplete = false
      bytes = []
      cellEnds = []
      rowEnds = []
      return
    }
    // The budget is reserved at once (only the pages written count towards memory), so the
    // array never doubles past it.
    if bytes.capacity == 0 { bytes.reserveCapacity(budget) }
    for cell in row {
      bytes.append(contentsOf: cell.utf8)
      cellEnds.append(Int32(bytes.count))
    }
    rowEnds.append(Int32(cellEnds.count))
  }

  /// Calls `body` with each kept row's aligned line (`TextTable.appendLine`), newline
  /// included, in pieces of 64 KB or more.
  func printLines(widths: [Int], _ body: (String) -> Void) {
    var out: [UInt8] = []
    out.reserveCapacity(1 << 17)
    var first = 0  // the row's first cell
    for rowEnd in rowEnds {
      TextTable.appendLine(Int(rowEnd) - first, widths: widths, to: &out) { n in
        let cell = first + n
        return bytes[(cell == 0 ? 0 : Int(cellEnds[cell - 1]))..<Int(cellEnds[cell])]
      }
      first = Int(rowEnd)
      out.append(UInt8(ascii: "\n"))
      if out.count >= 1 << 16 {
        body(String(decoding: out, as: UTF8.self))
        out.removeAll(keepingCapacity: true)
      }
    }
    if !out.isEmpty { body(String(decoding: out, as: UTF8.self)) }
  }
}
