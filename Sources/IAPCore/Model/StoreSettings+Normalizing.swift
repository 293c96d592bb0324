import IAPFormats

extension StoreSettings {
  /// Validates `value` for `key` and returns it normalized.
  package static func normalize(key: String, value: String) throws(SettingError) -> String {
    let spec = try spec(key)
    let lowered = value.lowercased()
    switch spec.kind {
    case .toggle:
      if ["on", "true", "yes", "1"].contains(lowered) { return "on" }
      if ["off", "false", "no", "0"].contains(lowered) { return "off" }
      throw .invalidValue(key: key, value: value, expected: spec.kind.grammar)
    case .storeKitError:
      if ["off", "none", "false", "no"].contains(lowered) { return "off" }
      // `on` is SKTestSession's default simulated error, as Xcode's StoreKit settings enable it.
      if ["on", "true", "yes"].contains(lowered) { return SKErrorCode.unknown.name }
      guard let code = SKErrorCode(nameOrNumber: value) else {
        throw .invalidValue(key: key, value: value, expected: spec.kind.grammar)
      }
      return code.name
    case .storefront:
      guard value.count == 3, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        throw .invalidValue(key: key, value: value, expected: spec.kind.grammar)
      }
      return value.uppercased()
    case .locale:
      let ok = !value.isEmpty && value.count <= 64
        && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
      guard ok else { throw .invalidValue(key: key, value: value, expected: spec.kind.grammar) }
      return String(value.map { $0 == "-" ? "_" : $0 })
    case .timeRate:
      guard let rate = TimeRate(nameOrNumber: value) else {
        throw .invalidValue(key: key, value: value, expected: spec.kind.grammar)
      }
      return rate.name
    case .limit:
      if lowered == "off" || lowered == "none" { return "off" }
      guard let n = Int(value), n >= 1, n <= 100_000 else {
        throw .invalidValue(key: key, value: value, expected: spec.kind.grammar)
      }
      return String(n)
    case let .choice(words):
      guard let word = words.first(where: { $0.lowercased() == lowered }) else {
        throw .invalidValue(key: key, value: value, expected: spec.kind.grammar)
      }
      return word
    case .text:
      guard !value.isEmpty, value.count <= 1024, !value.contains("\n") else {
        throw .invalidValue(key: key, value: value, expected: spec.kind.grammar)
      }
      return value
    case .url:
      if lowered == "off" || lowered == "none" { return "off" }
      // Plain HTTP only: notifications go to local test servers (see HTTPPoster).
      guard lowered.hasPrefix("http://"), value.count <= 2048, !value.contains(" ") else {
        throw .invalidValue(key: key, value: value, expected: spec.kind.grammar)
      }
      return value
    case .byteRate:
      guard let rate = ByteRate(value) else {
        throw .invalidValue(key: key, value: value, expected: spec.kind.grammar)
      }
      return rate.description
    case .appleId:
      if lowered == "off" || lowered == "none" { return "off" }
      // Signed payloads carry it as a JSON number: keep it exact in a double (2^53).
      guard value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int64(value), n >= 1, n <= 1 << 53 else {
        throw .invalidValue(key: key, value: value, expected: spec.kind.grammar)
      }
      return String(n)
    case .productIds:
      guard let list = ProductIdList.normalize(value) else { throw .invalidValue(key: key, value: value, expected: spec.kind.grammar) }
      return list
    case .date:
      if lowered == "off" || lowered == "none" { return "off" }
      guard let date = Timestamp(iso8601: value) else { throw .invalidValue(key: key, value: value, expected: spec.kind.grammar) }
      return date.iso8601
    }
  }
}
