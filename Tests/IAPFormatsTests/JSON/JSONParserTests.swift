import Testing
@testable import IAPFormats

@Suite struct JSONParserTests {
  @Test func parsesEveryKindOfValue() throws {
    let value = try JSONParser.parse(#"{"a": [1, -2.5, true, false, null], "b": "x\"\u00e9\ud83d\ude00\n"}"#)
    #expect(value["a"] == .array([.int(1), .double(-2.5), .bool(true), .bool(false), .null]))
    #expect(value["b"] == .string("x\"é😀\n"))
  }

  @Test func keepsObjectKeyOrder() throws {
    let value = try JSONParser.parse(#"{"z": 1, "a": 2}"#)
    #expect(value.objectValue?.map(\.0) == ["z", "a"])
  }

  @Test(arguments: [
    "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"unterminated", "\"\\x\"", "tru", "[1] 2", "\"\\ud800\"",
    "{\"a\":1,}", "-",
  ])
  func rejectsMalformedText(_ text: String) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
  }

  @Test func rejectsInvalidUTF8InStrings() {
    #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]) }
  }

  @Test func limitsNestingInsteadOfOverflowingTheStack() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    let fine = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
    #expect(throws: Never.self) { try JSONParser.parse(fine) }
  }

  @Test func roundTripsThroughTheWriter() throws {
    let value = JSONValue.object([
      ("s", .string("tab\tquote\" back\\ ctl\u{1} ü")), ("n", .int(-42)), ("big", .int(Int64.max)),
      ("list", .array([.null, .bool(true), .object([])])),
    ])
    #expect(try JSONParser.parse(JSONWriter.compact(value)) == value)
    #expect(try JSONParser.parse(JSONWriter.pretty(value)) == value)
  }

  /// Found by `scripts/fuzz json`: 1e999 parsed to infinity, which the writer saves as null,
  /// so a state file would silently change on the next save.
  @Test func rejectsNumbersTooLargeForADouble() throws {
    #expect(throws: JSONParseError(offset: 6, reason: "number out of range")) { try JSONParser.parse("{\"a\": 1e999}") }
    #expect(throws: JSONParseError.self) { try JSONParser.parse("-1" + String(repeating: "0", count: 400) + ".5") }
    #expect(try JSONParser.parse("1e308") == .double(1e308))
  }

  /// Strings take a fast path while they are plain ASCII; whatever follows a plain start
  /// (an escape, non-ASCII text, a control character, bad UTF-8) must be read exactly as
  /// the slow path reads it.
  @Test func readsStringsThatLeaveThePlainPathMidway() throws {
    #expect(try JSONParser.parse(#""abc\"def""#) == .string("abc\"def"))
    #expect(try JSONParser.parse(#""plain then \u00e9""#) == .string("plain then é"))
    #expect(try JSONParser.parse("\"caf\u{00E9} cr\u{00E8}me\"") == .string("café crème"))
    #expect(try JSONParser.parse(#""""#) == .string(""))
    #expect(throws: JSONParseError(offset: 4, reason: "control character in string")) {
      try JSONParser.parse([0x22, 0x61, 0x62, 0x63, 0x0A, 0x22])
    }
    #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0x61, 0x62, 0xFF, 0x22]) }
    #expect(throws: JSONParseError.self) { try JSONParser.parse(#""abc"#) }
  }

  /// Integers are read from the bytes; those beyond 64 bits become doubles, as before.
  @Test func readsIntegersAtTheEdgesOf64Bits() throws {
    #expect(try JSONParser.parse("9223372036854775807") == .int(Int64.max))
    #expect(try JSONParser.parse("-9223372036854775808") == .int(Int64.min))
    #expect(try JSONParser.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
    #expect(try JSONParser.parse("-9223372036854775809") == .double(-0x1p63))  // its nearest Double, -2^63
    #expect(try JSONParser.parse("-0") == .int(0))
    #expect(try JSONParser.parse("[0, 7, -12]") == .array([.int(0), .int(7), .int(-12)]))
  }

  /// Arrays at the streamed level hand their elements over, numbered by array (empty ones
  /// count), and read as empty; arrays at other levels are kept; errors are the same.
  @Test func streamsTheArraysAtOneLevel() throws {
    let text = #"{"a":[1,[2]],"b":{"c":[3,{"d":[4]}],"e":[],"f":[5,6]}}"#
    var seen: [String] = []
    var arrays = -1
    let tree = try JSONParser.parse(Array(text.utf8), streamingArraysAt: 3, arrays: &arrays) { array, element in
      seen.append("\(array):\(JSONWriter.compact(element))")
    }
    #expect(seen == ["0:2", "1:3", #"1:{"d":[4]}"#, "3:5", "3:6"], "[2] in a's array is at level 3 too")
    #expect(arrays == 4)
    #expect(JSONWriter.compact(tree) == #"{"a":[1,[]],"b":{"c":[],"e":[],"f":[]}}"#)
    var none = 0
    #expect(try JSONParser.parse(Array(text.utf8), streamingArraysAt: 9, arrays: &none) { _, _ in } == JSONParser.parse(text))
    #expect(none == 0)
    let broken = Array(#"{"b":{"c":[3,}}"#.utf8)
    var plainError: JSONParseError?
    var streamedError: JSONParseError?
    do { _ = try JSONParser.parse(broken) } catch { plainError = error }
    do { _ = try JSONParser.parse(broken, streamingArraysAt: 3, arrays: &none) { _, _ in } } catch { streamedError = error }
    #expect(plainError != nil && streamedError == plainError)
  }
}
