import Testing

@testable import IAPKit

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
}
