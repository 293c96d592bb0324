import Testing
@testable import IAPFormats

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

  /// Integers are written digit by digit into the bytes: every magnitude, both signs, the ends.
  @Test func writesIntegersAsSwiftDoes() {
    var values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, 1_767_225_600_000, Int64.max, Int64.min, Int64.max - 1, Int64.min + 1]
    var power: Int64 = 1
    for _ in 0..<18 {
      power *= 10
      values += [power, power - 1, power + 1, -power, -(power - 1)]
    }
    for value in values { #expect(JSONWriter.compact(.int(value)) == String(value)) }
    #expect(JSONWriter.compact(.array([.int(-5), .double(1.5), .double(.infinity)])) == "[-5,1.5,null]")
  }

  /// The bytes form is the text's UTF-8, appended after what the buffer held.
  @Test func appendsTheSameTextAsBytes() {
    let value = JSONValue.object([("k", .string("é\n")), ("n", .int(42)), ("a", .array([.bool(false), .null]))])
    var out = Array("x".utf8)
    JSONWriter.compact(value, into: &out)
    #expect(out == Array(("x" + JSONWriter.compact(value)).utf8))
  }
}
