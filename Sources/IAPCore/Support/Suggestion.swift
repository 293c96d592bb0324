/// "Did you mean …?" for mistyped commands, options and product ids.
package enum Suggestion {
  /// The candidate closest to `input`, if it is close enough to be a likely typo.
  static func closest(to input: String, in candidates: [String]) -> String? {
    // Two edits from three letters on: `bye` is two from `buy` (a swap is two edits), and
    // a three-letter word is short enough that a third of it is too strict a bound.
    let limit = max(input.count >= 3 ? 2 : 1, min(3, input.count / 3))
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(input.lowercased(), candidate.lowercased())
      if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
    }
    if let best { return best.0 }
    // A unique prefix is a likely abbreviation.
    let prefixed = candidates.filter { $0.hasPrefix(input) && !input.isEmpty }
    if prefixed.count == 1 { return prefixed[0] }
    // A unique dotted suffix is a product id without its prefix (`rocket_car` for
    // `com.example.fakegame.rocket_car`), as a newcomer types it.
    let suffixed = input.isEmpty ? [] : candidates.filter { $0.hasSuffix("." + input) }
    return suffixed.count == 1 ? suffixed[0] : nil
  }

  /// Levenshtein distance, with early exit for very different lengths.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if abs(a.count - b.count) > 3 || a.count > 256 || b.count > 256 { return .max }
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...max(1, b.count) where !b.isEmpty {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// ` (did you mean 'x'?)`, or nothing.
  package static func hint(for input: String, in candidates: [String], quote: (String) -> String = { "'\($0)'" }) -> String {
    closest(to: input, in: candidates).map { " (did you mean \(quote($0))?)" } ?? ""
  }
}
