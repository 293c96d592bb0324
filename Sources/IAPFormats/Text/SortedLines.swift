extension UnsafeBufferPointer<UInt8> {
  /// The line in `range` (whole lines, `\n`-separated) whose first field, what comes before
  /// `separator`, is `key`: a binary search, the lines being sorted by their first fields'
  /// bytes. The compiled catalog cache (`ID<TAB>{product}`) and the price table (`key|…`) are
  /// read this way, in place, without making a string of any line but the one found.
  package func sortedLine(key: [UInt8], separator: UInt8, in range: Range<Int>) -> Range<Int>? {
    let newline = UInt8(ascii: "\n")
    // [low, high) holds whole lines.
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      // The line that holds the middle byte.
      var start = low + (high - low) / 2
      while start > low && self[start - 1] != newline { start -= 1 }
      var keyEnd = start
      while keyEnd < range.upperBound && self[keyEnd] != separator && self[keyEnd] != newline { keyEnd += 1 }
      let first = self[start..<keyEnd]
      if key.lexicographicallyPrecedes(first) {
        high = start
        continue
      }
      // The rest of the line only when the search goes on past it (or it is the one).
      var end = keyEnd
      while end < range.upperBound && self[end] != newline { end += 1 }
      if first.elementsEqual(key) { return start..<end }
      low = end + 1
    }
    return nil
  }
}
