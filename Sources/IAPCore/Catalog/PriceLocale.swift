/// A locale identifier as `PriceTable` reads it: `-` as `_`, ICU's letter case (`en_us` →
/// `en_US`, `ZH_HANT_tw` → `zh_Hant_TW`), and `@key=value;…` keywords apart.
struct PriceLocale {
  /// The identifier without its keywords: `en_US`, `zh_Hant_TW`, `en_US_POSIX`.
  let base: String
  /// The region subtag (`US`, `419`), if the identifier has one.
  let region: String?
  /// The `@` keywords, names lowercased (`currency`, `rg`, `numbers`).
  private let keywords: [(name: String, value: String)]

  init(_ identifier: String) {
    let at = identifier.firstIndex(of: "@")
    let body = at.map { identifier[..<$0] } ?? identifier[...]
    var parts: [String] = []
    var region: String?
    for (n, part) in body.split(whereSeparator: { $0 == "_" || $0 == "-" }).enumerated() {
      let isLetters = part.allSatisfy { $0.isASCII && $0.isLetter }
      if n == 0 {
        parts.append(part.lowercased())
      } else if n == 1 && part.count == 4 && isLetters {
        parts.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
      } else {
        let subtag = part.uppercased()
        let isRegion = (part.count == 2 && isLetters) || (part.count == 3 && part.allSatisfy { $0.isASCII && $0.isNumber })
        if region == nil && isRegion && n <= 2 { region = subtag }
        parts.append(subtag)
      }
    }
    var base = ""
    for (n, part) in parts.enumerated() { base += n == 0 ? part : "_" + part }
    self.base = base
    self.region = region
    var keywords: [(name: String, value: String)] = []
    if let at {
      for pair in identifier[identifier.index(after: at)...].split(separator: ";") {
        guard let equals = pair.firstIndex(of: "=") else { continue }
        keywords.append((pair[..<equals].lowercased(), String(pair[pair.index(after: equals)...])))
      }
    }
    self.keywords = keywords
  }

  /// The value of the keyword `name` (lowercase), if the identifier has it.
  func keyword(_ name: String) -> String? {
    for keyword in keywords where keyword.name == name { return keyword.value }
    return nil
  }
}
