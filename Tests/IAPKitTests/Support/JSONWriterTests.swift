import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct JSONWriterTests {
  @Test func prettyPrintsWithTwoSpacesAndStableOrder() {
    let value = JSONValue.object([("b", .int(1)), ("a", .array([.string("x"), .null])), ("e", .array([])), ("o", .object([]))])
    #expect(JSONWriter.pretty(value) == "{\n  \"b\": 1,\n  \"a\": [\n    \"x\",\n    null\n  ],\n  \"e\": [],\n  \"o\": {}\n}")
  }

  @Test func compactHasNoWhitespace() {
    #expect(JSONWriter.compact(.object([("a", .bool(true)), ("b", .string("c"))])) == #"{"a":true,"b":"c"}"#)
  }

  @Test func escapesControlCharacters() {
    #expect(JSONWriter.compact(.string("\u{0}\u{1f}\u{7f}")) == #""\u0000\u001f\u007f""#)
  }

  /// Strings without anything to escape are written whole; the rest scalar by scalar.
  @Test func writesPlainStringsWholeAndEscapesTheRest() {
    #expect(JSONWriter.compact(.string("com.example.coins_1000")) == #""com.example.coins_1000""#)
    #expect(JSONWriter.compact(.string("café 😀")) == "\"café 😀\"")
    #expect(JSONWriter.compact(.string("say \"hi\"\\")) == #""say \"hi\"\\""#)
    #expect(JSONWriter.compact(.string("a\tb")) == #""a\tb""#)
  }
}

