import IAPSystem

extension Deadline {
  /// How long one delivery round may take, in seconds (documented in docs/state.md).
  package static let deliveryRoundSeconds = 5
}
