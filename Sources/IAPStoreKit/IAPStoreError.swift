/// A failure of the store itself, not of the purchase: the server's answer, with the name
/// and message `iap` gives the same failure.
public struct IAPStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The HTTP status, or 0 when no answer came.
  public let status: Int
  /// `unknownTransaction`, `wrongState`, `usage`, … (`iap`'s names), or the client's own.
  public let name: String
  public let message: String

  public var description: String { "\(name): \(message)" }
}
