import IAPCore

/// An error as the App Store Server API answers it: an HTTP status and a body
/// `{"errorCode": …, "errorMessage": …}` with Apple's codes (the official libraries' `APIError`).
public struct ServerAPIError: Error, Equatable, Sendable {
  public var status: Int
  public var code: Int64
  public var message: String

  public init(status: Int, code: Int64, message: String) {
    self.status = status
    self.code = code
    self.message = message
  }

  public static let invalidRevision = ServerAPIError(status: 400, code: 4_000_005, message: "Invalid request revision.")
  public static let invalidTransactionId = ServerAPIError(status: 400, code: 4_000_006, message: "Invalid transaction id.")
  public static let invalidStartDate = ServerAPIError(status: 400, code: 4_000_015, message: "Invalid start date.")
  public static let invalidEndDate = ServerAPIError(status: 400, code: 4_000_016, message: "Invalid end date.")
  public static let startDateAfterEndDate = ServerAPIError(
    status: 400, code: 4_000_013, message: "Invalid request. The end date precedes the start date or the dates are the same.")
  public static let invalidSort = ServerAPIError(status: 400, code: 4_000_021, message: "Invalid request. The sort parameter is invalid.")
  public static let invalidProductType = ServerAPIError(
    status: 400, code: 4_000_022, message: "Invalid request. The product type parameter is invalid.")
  public static let invalidInAppOwnershipType = ServerAPIError(
    status: 400, code: 4_000_026, message: "Invalid request. The in-app ownership type parameter is invalid.")
  public static let invalidRevoked = ServerAPIError(status: 400, code: 4_000_030, message: "Invalid request. The revoked parameter is invalid.")
  public static let invalidStatus = ServerAPIError(status: 400, code: 4_000_031, message: "Invalid request. The status parameter is invalid.")
  public static let transactionNotFound = ServerAPIError(status: 404, code: 4_040_010, message: "Transaction id not found.")
  /// What the store could not do for its own reasons (its state unreadable, say).
  public static func general(_ reason: String) -> ServerAPIError {
    ServerAPIError(status: 500, code: 5_000_000, message: "An unknown error occurred. \(reason)")
  }

  /// The response body.
  public var json: JSONValue { .object([("errorCode", .int(code)), ("errorMessage", .string(message))]) }
}
