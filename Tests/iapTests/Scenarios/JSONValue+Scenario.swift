@testable import IAPCrypto
@testable import IAPFormats

extension JSONValue {
  /// The element at `index` of an array, counting from the end when negative (as Python's
  /// `d[-1]`), or nil.
  func at(_ index: Int) -> JSONValue? {
    guard let elements = arrayValue else { return nil }
    let position = index < 0 ? elements.count + index : index
    return elements.indices.contains(position) ? elements[position] : nil
  }

  /// The payload of the JWS this string holds, unverified, or nil.
  var jwsPayload: JSONValue? { stringValue.flatMap { try? JWS.decode($0, key: nil).payload } }

  /// The string members of the objects of this array under `key` (nil where absent).
  func strings(_ key: String) -> [String?] { (arrayValue ?? []).map { $0[key]?.stringValue } }
}
