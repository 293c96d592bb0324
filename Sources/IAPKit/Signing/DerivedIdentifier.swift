import IAPCore
import IAPCrypto

/// Identifiers made from the signing secret and a label: stable for a scenario replayed with
/// the same secret (golden runs stay byte-identical), different across stores.
enum DerivedIdentifier {
  /// A version 4 UUID, lowercase, from HMAC-SHA256(key, label).
  static func uuid(key: [UInt8], label: String) -> String {
    uuid(Array(SHA256.hmac(key: key, message: Array(label.utf8)).prefix(16)))
  }

  /// Sixteen bytes (random, or derived) as a version 4 UUID, lowercase.
  static func uuid(_ sixteen: [UInt8]) -> String {
    var bytes = sixteen
    bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
    bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
    let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
    return parts.joined(separator: "-")
  }

  /// A decimal number of `digits` digits (no leading zero), from HMAC-SHA256(key, label).
  static func number(key: [UInt8], label: String, digits: Int) -> String {
    let bytes = SHA256.hmac(key: key, message: Array(label.utf8))
    // The digits as bytes, then one string, rather than a string a digit: every signed
    // transaction carries one of these numbers (its `appTransactionId`).
    var text = [UInt8(ascii: "1") + bytes[0] % 9]
    for byte in bytes.dropFirst().prefix(digits - 1) { text.append(UInt8(ascii: "0") + byte % 10) }
    return String(decoding: text, as: UTF8.self)
  }
}
