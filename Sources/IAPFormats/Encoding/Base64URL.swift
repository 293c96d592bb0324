/// Why a base64url text could not be decoded, and where.
package struct Base64URLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Byte offset of the problem within the text.
  package var offset: Int
  /// What was wrong, in words.
  package var reason: String

  package var description: String { "\(reason) at offset \(offset)" }
}

/// Base64 with the URL- and filename-safe alphabet and no padding (RFC 4648 §5, as RFC 7515
/// §2 uses it in JWS).
///
/// Decoding is strict: only `A–Z a–z 0–9 - _`, no `=`, no whitespace, and unused trailing
/// bits must be zero, so every byte string has exactly one accepted spelling and a token
/// cannot be altered without changing what it decodes to.
package enum Base64URL {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The value of each ASCII byte in the alphabet, or 0xFF.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
    return table
  }()

  /// Encodes bytes, without padding.
  package static func encode(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBufferPointer { encode($0) }
  }

  /// Encodes bytes, without padding, written straight into the string's storage, not through
  /// a temporary array per group of four: `history --json` signs every transaction
  /// (docs/performance.md, "Shapes kept for start-up").
  package static func encode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let tail = bytes.count % 3
    let length = bytes.count / 3 * 4 + (tail == 0 ? 0 : tail + 1)
    guard length > 0 else { return "" }
    return alphabet.withUnsafeBufferPointer { alphabet in
      String(unsafeUninitializedCapacity: length) { out in
        var index = 0
        var at = 0
        while index + 3 <= bytes.count {
          let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
          out[at] = alphabet[Int(n >> 18)]
          out[at + 1] = alphabet[Int(n >> 12 & 63)]
          out[at + 2] = alphabet[Int(n >> 6 & 63)]
          out[at + 3] = alphabet[Int(n & 63)]
          index += 3
          at += 4
        }
        if index < bytes.count {
          let n = UInt32(bytes[index]) << 16 | (index + 1 < bytes.count ? UInt32(bytes[index + 1]) << 8 : 0)
          out[at] = alphabet[Int(n >> 18)]
          out[at + 1] = alphabet[Int(n >> 12 & 63)]
          if index + 1 < bytes.count { out[at + 2] = alphabet[Int(n >> 6 & 63)] }
        }
        return length
      }
    }
  }

  /// Encodes the UTF-8 bytes of `text`.
  package static func encode(_ text: String) -> String {
    var text = text
    return text.withUTF8 { encode($0) }
  }

  /// Decodes unpadded base64url, rejecting anything else.
  package static func decode(_ text: String) throws(Base64URLError) -> [UInt8] {
    let chars = Array(text.utf8)
    if chars.count % 4 == 1 {
      throw Base64URLError(offset: chars.count - 1, reason: "invalid length \(chars.count) (a multiple of 4, plus 2 or 3)")
    }
    var out: [UInt8] = []
    out.reserveCapacity(chars.count * 3 / 4)
    var accumulator: UInt32 = 0
    var bits = 0
    for (offset, char) in chars.enumerated() {
      let value = values[Int(char)]
      guard value != 0xFF else {
        let shown = char == UInt8(ascii: "=") ? "padding '='" : char < 0x80 ? "invalid character '\(Unicode.Scalar(char))'" : "non-ASCII byte"
        throw Base64URLError(offset: offset, reason: shown)
      }
      accumulator = accumulator << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
        accumulator &= (1 << UInt32(bits)) - 1
      }
    }
    if accumulator != 0 {
      throw Base64URLError(offset: chars.count - 1, reason: "non-zero unused bits in the last character")
    }
    return out
  }
}
