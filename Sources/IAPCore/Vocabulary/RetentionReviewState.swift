/// Where App Review is with an uploaded retention image or message (`imageState`,
/// `messageState`), as the Retention Messaging API spells it.
package enum RetentionReviewState: String, CaseIterable, Sendable {
  case pending = "PENDING"
  case approved = "APPROVED"
  case rejected = "REJECTED"
}
