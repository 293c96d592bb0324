import IAPCore

/// Why a Retention Messaging use case failed: a refusal of the request, as Apple answers it,
/// or the store's own failure (its state unreadable).
package enum RetentionMessagingFailure: Error, Sendable {
  case refused(RetentionRefusal)
  case store(IAPError)
}
