import IAPCore
import IAPFormats
import IAPKit
import IAPSystem

/// An error as the App Store Server API answers it: an HTTP status and a body
/// `{"errorCode": …, "errorMessage": …}` with Apple's codes (the official libraries' `APIError`).
package struct ServerAPIError: Error, Equatable, Sendable {
  package var status: Int
  package var code: Int64
  package var message: String

  package init(status: Int, code: Int64, message: String) {
    self.status = status
    self.code = code
    self.message = message
  }

  package static let invalidRevision = ServerAPIError(status: 400, code: 4_000_005, message: "Invalid request revision.")
  package static let invalidTransactionId = ServerAPIError(status: 400, code: 4_000_006, message: "Invalid transaction id.")
  package static let invalidStartDate = ServerAPIError(status: 400, code: 4_000_015, message: "Invalid start date.")
  package static let invalidEndDate = ServerAPIError(status: 400, code: 4_000_016, message: "Invalid end date.")
  package static let startDateAfterEndDate = ServerAPIError(
    status: 400, code: 4_000_013, message: "Invalid request. The end date precedes the start date or the dates are the same.")
  package static let invalidSort = ServerAPIError(status: 400, code: 4_000_021, message: "Invalid request. The sort parameter is invalid.")
  package static let invalidProductType = ServerAPIError(
    status: 400, code: 4_000_022, message: "Invalid request. The product type parameter is invalid.")
  package static let invalidInAppOwnershipType = ServerAPIError(
    status: 400, code: 4_000_026, message: "Invalid request. The in-app ownership type parameter is invalid.")
  package static let invalidRevoked = ServerAPIError(status: 400, code: 4_000_030, message: "Invalid request. The revoked parameter is invalid.")
  package static let invalidStatus = ServerAPIError(status: 400, code: 4_000_031, message: "Invalid request. The status parameter is invalid.")
  package static let transactionNotFound = ServerAPIError(status: 404, code: 4_040_010, message: "Transaction id not found.")
  package static func badRequest(_ reason: String) -> ServerAPIError {
    ServerAPIError(status: 400, code: 4_000_000, message: "Bad request. \(reason)")
  }
  package static let invalidOriginalTransactionId = ServerAPIError(status: 400, code: 4_000_008, message: "Invalid original transaction id.")
  package static let invalidExtendByDays = ServerAPIError(status: 400, code: 4_000_009, message: "Invalid extend by days value.")
  package static let invalidExtendReasonCode = ServerAPIError(status: 400, code: 4_000_010, message: "Invalid extend reason code.")
  package static let invalidRequestIdentifier = ServerAPIError(status: 400, code: 4_000_011, message: "Invalid request identifier.")
  package static let startDateTooFarInPast = ServerAPIError(
    status: 400, code: 4_000_012, message: "Invalid request. The start date is earlier than the allowed start date.")
  package static let invalidPaginationToken = ServerAPIError(status: 400, code: 4_000_014, message: "Invalid request. The pagination token is invalid.")
  package static let invalidNotificationType = ServerAPIError(status: 400, code: 4_000_018, message: "Invalid request. The notification type or subtype is invalid.")
  package static let multipleFiltersSupplied = ServerAPIError(
    status: 400, code: 4_000_019, message: "Invalid request. Supply either a transaction id or a notification type, but not both.")
  package static let invalidTestNotificationToken = ServerAPIError(status: 400, code: 4_000_020, message: "Invalid request. The test notification token is invalid.")
  package static let invalidProductId = ServerAPIError(status: 400, code: 4_000_023, message: "Invalid request. The product id parameter is invalid.")
  package static let invalidSubscriptionGroupIdentifier = ServerAPIError(
    status: 400, code: 4_000_024, message: "Invalid request. The subscription group identifier parameter is invalid.")
  package static let invalidEmptyStorefrontCountryCodeList = ServerAPIError(
    status: 400, code: 4_000_027, message: "Invalid request. If provided, the list of storefront country codes must not be empty.")
  package static let invalidStorefrontCountryCode = ServerAPIError(status: 400, code: 4_000_028, message: "Invalid request. A storefront country code was invalid.")
  /// A Send Consumption Information field Apple refuses (4000032–4000042).
  package static func invalidConsumptionField(_ code: Int64, _ name: String) -> ServerAPIError {
    ServerAPIError(status: 400, code: code, message: "Invalid request. The \(name) field is invalid.")
  }
  package static let transactionTypeNotSupported = ServerAPIError(
    status: 400, code: 4_000_047, message: "Invalid request. The transaction id parameter must represent a consumable or auto-renewable subscription.")
  /// `AppTransactionIdNotSupportedError` (App Store Server API 1.15): an app transaction id
  /// given to an endpoint that takes transaction ids only (Get Transaction Info, Finish Transaction).
  package static let appTransactionIdNotSupported = ServerAPIError(
    status: 400, code: 4_000_048, message: "Invalid request. The endpoint doesn't support an app transaction id.")
  package static let invalidAppAccountToken = ServerAPIError(status: 400, code: 4_000_183, message: "Invalid request. The app account token field must be a valid UUID.")
  package static let familyTransactionNotSupported = ServerAPIError(
    status: 400, code: 4_000_185, message: "Invalid request. The transaction is for a product the customer obtained through Family Sharing, which this endpoint does not support.")
  package static let transactionIdIsNotOriginal = ServerAPIError(
    status: 400, code: 4_000_187, message: "Invalid request. The transaction id provided is not an original transaction id.")
  package static let subscriptionExtensionIneligible = ServerAPIError(
    status: 403, code: 4_030_004, message: "Forbidden - subscription state ineligible for extension.")
  package static let subscriptionMaxExtension = ServerAPIError(
    status: 403, code: 4_030_005, message: "Forbidden - subscription has reached maximum extension count.")
  package static let familySharedSubscriptionExtensionIneligible = ServerAPIError(
    status: 403, code: 4_030_007, message: "Subscriptions that users obtain through Family Sharing can't get a renewal date extension directly.")
  package static let appTransactionDoesNotExist = ServerAPIError(
    status: 404, code: 4_040_019, message: "No app transaction exists for the customer.")
  package static let originalTransactionIdNotFound = ServerAPIError(status: 404, code: 4_040_005, message: "Original transaction id not found.")
  package static let notificationURLNotFound = ServerAPIError(
    status: 404, code: 4_040_007, message: "No App Store Server Notification URL was found: iap settings set notification-url URL.")
  package static let testNotificationNotFound = ServerAPIError(status: 404, code: 4_040_008, message: "Either the test notification token is expired or the notification and status are not yet available.")
  package static let statusRequestNotFound = ServerAPIError(status: 404, code: 4_040_009, message: "The server didn't find a subscription-renewal-date extension request for this requestIdentifier and productId combination.")
  /// What the store could not do for its own reasons (its state unreadable, say).
  package static func general(_ reason: String) -> ServerAPIError {
    ServerAPIError(status: 500, code: 5_000_000, message: "An unknown error occurred. \(reason)")
  }
  /// What the store could not do for want of a resource that may come back (descriptors,
  /// memory): Apple's retryable general error, answered 503 so that a client retries.
  package static func unavailable(_ reason: String) -> ServerAPIError {
    ServerAPIError(status: 503, code: 5_000_001, message: "An unknown error occurred. Please try again. \(reason)")
  }

  /// The server's own failure `error` as Apple's general error: 503 (retryable) when the
  /// system ran out of descriptors or memory, else 500.
  package static func serverFailure(_ error: IAPError) -> ServerAPIError {
    let reason = error.userMessages.joined(separator: "; ")
    return ResourceExhaustion.isNamed(in: reason) ? .unavailable(reason) : .general(reason)
  }

  /// The response body.
  package var json: JSONValue { .object([("errorCode", .int(code)), ("errorMessage", .string(message))]) }
}
