import Testing
@testable import IAPFormats

@Suite struct SortedLinesTests {
  /// The line whose first field is `key`, as text, searched in `text` (or nil).
  func find(_ key: String, in text: String, separator: Character = "|") -> String? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      buffer.sortedLine(key: Array(key.utf8), separator: separator.asciiValue!, in: 0..<buffer.count)
        .map { String(decoding: buffer[$0], as: UTF8.self) }
    }
  }

  @Test func findsEveryLineAndNothingElse() {
    let keys = (0..<50).map { "k\($0)" }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    for trailingNewline in [true, false] {
      let text = keys.map { "\($0)|value of \($0)" }.joined(separator: "\n") + (trailingNewline ? "\n" : "")
      for key in keys { #expect(find(key, in: text) == "\(key)|value of \(key)") }
      for missing in ["", "k", "k100", "a", "z", "k1|"] { #expect(find(missing, in: text) == nil, "\(missing)") }
    }
  }

  @Test func aLineWithoutTheSeparatorIsKeyedByAllOfItAndSearchesStayWithinTheRange() {
    #expect(find("b", in: "a|1\nb\nc|3\n") == "b")
    #expect(find("c", in: "a\tx\nc\t{}\n", separator: "\t") == "c\t{}")
    let bytes = Array("a|1\nb|2\nc|3\n".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      // Only the first two lines.
      #expect(buffer.sortedLine(key: Array("b".utf8), separator: UInt8(ascii: "|"), in: 0..<8) == 4..<7)
      #expect(buffer.sortedLine(key: Array("c".utf8), separator: UInt8(ascii: "|"), in: 0..<8) == nil)
    }
  }
}
