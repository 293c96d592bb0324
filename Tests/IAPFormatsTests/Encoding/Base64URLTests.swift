import Testing
@testable import IAPFormats

@Suite struct Base64URLTests {
  /// RFC 4648 §10 vectors, unpadded.
  @Test(arguments: [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")])
  func rfc4648Vectors(_ text: String, _ encoded: String) throws {
    #expect(Base64URL.encode(text) == encoded)
    #expect(try Base64URL.decode(encoded) == Array(text.utf8))
  }

  /// The two characters that differ from standard base64: `-` for `+` and `_` for `/`.
  @Test func usesTheURLSafeAlphabet() throws {
    #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
    #expect(try Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
  }

  @Test func roundTripsEveryByteAndLength() throws {
    for length in 0..<70 {
      let data = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + length) }
      #expect(try Base64URL.decode(Base64URL.encode(data)) == data)
    }
    let all = (0...255).map(UInt8.init)
    #expect(try Base64URL.decode(Base64URL.encode(all)) == all)
  }

  @Test(arguments: [
    ("Zm9v+A", "invalid character '+' at offset 4"),
    ("Zm9v/w", "invalid character '/' at offset 4"),
    ("Zg==", "padding '=' at offset 2"),
    ("Zm 9", "invalid character ' ' at offset 2"),
    ("Zm9vY", "invalid length 5 (a multiple of 4, plus 2 or 3) at offset 4"),
    ("Zh", "non-zero unused bits in the last character at offset 1"),
    ("Zm9vé", "non-ASCII byte at offset 4"),
  ])
  func rejectsAnythingButCanonicalUnpaddedBase64URL(_ text: String, _ message: String) {
    #expect(throws: Base64URLError.self) { try Base64URL.decode(text) }
    do { _ = try Base64URL.decode(text) } catch { #expect(error.description == message) }
  }
}
