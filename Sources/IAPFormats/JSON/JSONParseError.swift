/// Why a JSON text could not be read, and where.
public struct JSONParseError: Error, Equatable, Sendable {
  /// Byte offset of the problem within the text.
  public var offset: Int
  /// What was wrong, in words.
  public var reason: String
}
