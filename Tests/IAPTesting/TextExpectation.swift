/// What one step expects of a text stream (stdout or stderr).
package enum TextExpectation: Sendable {
  /// The whole stream, its last newline aside.
  case equals(String)
  /// A part of it.
  case contains(String)
  /// Text it must not hold.
  case lacks(String)

  /// Whether `text` (a stream, its last newline dropped as a shell's `$(…)` drops it) meets this.
  package func isMet(by text: String) -> Bool {
    switch self {
    case let .equals(expected): return text == expected
    case let .contains(part): return text.contains(part)
    case let .lacks(part): return !text.contains(part)
    }
  }
}
