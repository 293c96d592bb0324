import IAPFormats

/// One attempt of the store to send a notification to the developer's `notification-url`,
/// as Get Notification History and Get Test Notification Status report it (`SendAttemptItem`).
package struct SendAttempt: Equatable, Sendable {
  /// The notification's sequence number (1-based).
  package var sequence: Int
  /// When it was made, by the store's clock (`attemptDate`).
  package var date: Timestamp
  /// `sendAttemptResult`: SUCCESS, or why it failed (TIMED_OUT, SOCKET_ISSUE, NO_RESPONSE,
  /// INVALID_RESPONSE, PREMATURE_CLOSE, UNSUCCESSFUL_HTTP_RESPONSE_CODE, OTHER).
  package var result: String

  package init(sequence: Int, date: Timestamp, result: String) {
    self.sequence = sequence
    self.date = date
    self.result = result
  }

  package static let success = "SUCCESS"
}
