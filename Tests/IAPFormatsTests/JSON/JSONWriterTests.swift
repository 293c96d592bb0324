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
  @Test func theEightBytesAtATimeCheckAgreesWithTheByteRuleForEveryByteAtEveryPlace() {
    func rule(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != 0x7F && byte != 0x22 && byte != 0x5C }
    var disagreements = 0
    for length in [1, 7, 8, 9, 16, 23] {
      for place in 0..<length {
        for byte in UInt8.min...UInt8.max {
          // Filler around it from both ends of the plain range, where a borrow could mislead.
          var bytes = [UInt8](repeating: place % 2 == 0 ? 0x20 : 0xFF, count: length)
          bytes[place] = byte
          if bytes.withUnsafeBufferPointer(JSONWriter.isPlain) != rule(byte) { disagreements += 1 }
        }
      }
    }
    #expect(disagreements == 0)
    #expect([UInt8]().withUnsafeBufferPointer(JSONWriter.isPlain))
  }

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
