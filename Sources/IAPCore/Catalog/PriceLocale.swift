/// A locale identifier as `PriceTable` reads it: `-` as `_`, ICU's letter case (`en_us` →
/// `en_US`, `ZH_HANT_tw` → `zh_Hant_TW`), and `@key=value;…` keywords apart.
///
/// Read byte by byte, without arrays of substrings or tuples: each new generic type costs a
/// process's first use, and `products list` makes one of these (docs/performance.md, "Shapes kept for start-up").
struct PriceLocale {
  /// The identifier without its keywords: `en_US`, `zh_Hant_TW`, `en_US_POSIX`.
  let base: String
  /// The region subtag (`US`, `419`), if the identifier has one.
  let region: String?
  /// What follows `@`, if anything: `currency=EUR;rg=frzzzz`; a BCP 47 `-u-` extension's
  /// keys in the same form (`en-US-u-cu-eur` → `currency=eur`).
  private let keywords: Substring

  init(_ identifier: String) {
    var identifier = identifier
    var extensionKeywords = ""
    let utf8 = Array(identifier.utf8)
    let hyphen = UInt8(ascii: "-")
    if utf8.count > 3, let cut = (0..<(utf8.count - 2)).first(where: { utf8[$0] == hyphen && utf8[$0 + 1] | 0x20 == UInt8(ascii: "u") && utf8[$0 + 2] == hyphen }) {
      identifier = String(decoding: utf8[..<cut], as: UTF8.self)
      var key = ""
      for subtag in utf8[(cut + 3)...].split(separator: hyphen) {
        let text = String(decoding: subtag, as: UTF8.self).lowercased()
        if key.isEmpty && text.count == 2 {
          key = text == "cu" ? "currency" : text
        } else if !key.isEmpty {
          extensionKeywords += (extensionKeywords.isEmpty ? "" : ";") + key + "=" + text
          key = ""
        }
      }
    }
    let at = identifier.firstIndex(of: "@")
    keywords = at.map { identifier[identifier.index(after: $0)...] } ?? Substring(extensionKeywords)
    var base: [UInt8] = []
    var region: String?
    var subtag: [UInt8] = []
    var index = 0
    func finish() {
      guard !subtag.isEmpty else { return }
      let letters = subtag.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
      let digits = subtag.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      for n in subtag.indices {
        let byte = subtag[n]
        let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
        let isLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
        // language lowercase, script titlecase, region and variants uppercase
        let upper = index > 0 && !(index == 1 && subtag.count == 4 && letters && n > 0)
        subtag[n] = upper ? (isLower ? byte - 32 : byte) : (isUpper ? byte + 32 : byte)
      }
      if index > 0 && index <= 2 && region == nil && ((subtag.count == 2 && letters) || (subtag.count == 3 && digits)) {
        region = String(decoding: subtag, as: UTF8.self)
      }
      if !base.isEmpty { base.append(UInt8(ascii: "_")) }
      base += subtag
      subtag.removeAll()
      index += 1
    }
    for byte in (at.map { identifier[..<$0] } ?? identifier[...]).utf8 {
      if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") { finish() } else { subtag.append(byte) }
    }
    finish()
    self.base = String(decoding: base, as: UTF8.self)
    self.region = region
  }

  /// The value of the keyword `name` (lowercase), if the identifier has it.
  func keyword(_ name: String) -> String? {
    var rest = keywords
    while !rest.isEmpty {
      let end = rest.firstIndex(of: ";") ?? rest.endIndex
      let pair = rest[..<end]
      if let equals = pair.firstIndex(of: "="), pair[..<equals].lowercased() == name {
        return String(pair[pair.index(after: equals)...])
      }
      rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
    }
    return nil
  }
}
