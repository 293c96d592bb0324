/// Why a base64url text could not be decoded, and where.
public struct Base64URLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Byte offset of the problem within the text.
  public var offset: Int
  /// What was wrong, in words.
  public var reason: String

  public var description: String { "\(reason) at offset \(offset)" }
}

/// Base64 with the URL- and filename-safe alphabet and no padding (RFC 4648 §5, as RFC 7515
/// §2 uses it in JWS).
///
/// Decoding is strict: only `A–Z a–z 0–9 - _`, no `=`, no whitespace, and unused trailing
/// bits must be zero, so every byte string has exactly one accepted spelling and a token
/// cannot be altered without changing what it decodes to.
public enum Base64URL {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The value of each ASCII byte in the alphabet, or 0xFF.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
    return table
  }()

  /// Encodes bytes, without padding.
  public static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count * 4 + 2) / 3)
    var index = 0
    while index + 3 <= bytes.count {
      let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
      index += 3
    }
    switch bytes.count - index {
    case 1:
      let n = UInt32(bytes[index]) << 16
      out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)]]
    case 2:
      let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
      out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)]]
    default: break
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Encodes the UTF-8 bytes of `text`.
  public static func encode(_ text: String) -> String { encode(Array(text.utf8)) }

  /// Decodes unpadded base64url, rejecting anything else.
  public static func decode(_ text: String) throws(Base64URLError) -> [UInt8] {
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
