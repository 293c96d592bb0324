/// Why property-list bytes could not be read, and where.
package struct PlistParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Byte offset of the problem within the file.
  package var offset: Int
  /// What was wrong, in words.
  package var reason: String

  package var description: String { "\(reason) at byte \(offset)" }
}
