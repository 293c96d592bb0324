import Foundation
import IAPFormats

/// Reading the members of a signed payload (`JWSTransactionDecodedPayload` and its kin) and
/// of the control plane's answers as StoreKit types them.
extension JSONValue {
  /// A string member.
  func string(_ key: String) -> String? { self[key]?.stringValue }

  /// An integer member, or a string of digits (Apple sends ids as strings).
  func uint64(_ key: String) -> UInt64? {
    if let text = self[key]?.stringValue { return UInt64(text) }
    return self[key]?.intValue.flatMap { UInt64(exactly: $0) }
  }

  /// An integer member.
  func int(_ key: String) -> Int? { self[key]?.intValue.flatMap { Int(exactly: $0) } }

  /// A boolean member.
  func bool(_ key: String) -> Bool? { self[key]?.boolValue }

  /// A date in milliseconds since 1970, as signed payloads carry dates.
  func date(_ key: String) -> Date? {
    self[key]?.intValue.map { Date(timeIntervalSince1970: Double($0) / 1000) }
  }

  /// A UUID member.
  func uuid(_ key: String) -> UUID? { self[key]?.stringValue.flatMap(UUID.init(uuidString:)) }

  /// A price in milliunits (4990 for 4.99), as signed payloads carry prices.
  func milliunits(_ key: String) -> Decimal? {
    self[key]?.intValue.map { Decimal($0) / 1000 }
  }

  /// A decimal written as a string ("4.99"), as the control plane writes prices.
  func decimal(_ key: String) -> Decimal? {
    self[key]?.stringValue.flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
  }

  /// A list of strings.
  func strings(_ key: String) -> [String] { self[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }

  /// Base64 data (the device verification value).
  func base64(_ key: String) -> Data? { self[key]?.stringValue.flatMap { Data(base64Encoded: $0) } }

  /// The compact JSON of this value, as `jsonRepresentation` hands it out.
  var data: Data { Data(JSONWriter.compact(self).utf8) }
}

extension UUID {
  /// The all-zero UUID: what a nonce is when the store signed none.
  static let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
