/// Why a JSON text could not be read, and where.
package struct JSONParseError: Error, Equatable, Sendable {
  /// Byte offset of the problem within the text.
  package var offset: Int
  /// What was wrong, in words.
  package var reason: String
}
