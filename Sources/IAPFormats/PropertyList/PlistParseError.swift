/// Why property-list bytes could not be read, and where.
public struct PlistParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Byte offset of the problem within the file.
  public var offset: Int
  /// What was wrong, in words.
  public var reason: String

  public var description: String { "\(reason) at byte \(offset)" }
}
