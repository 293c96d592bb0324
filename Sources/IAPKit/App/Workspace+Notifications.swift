import IAPCore

/// What one delivery step did.
public struct DeliveryReport: Sendable {
  /// Where the notifications went.
  public var url: String
  /// How many were posted now.
  public var delivered: Int
  /// How many are still to be posted (retried at the next command).
  public var pending: Int
  /// Why the round stopped early, if it did.
  public var failure: String?
}

extension Workspace {
  /// Posts the notifications that are not yet delivered to the `notification-url` of the
  /// state the last use case opened, if it names one: the front end's step after a use case
  /// committed. Nil when there is nowhere to post. A failure leaves them pending for the next
  /// command; it is reported, never fatal to the use case, which has already committed.
  public func deliverNotifications() throws(IAPError) -> DeliveryReport? {
    guard let url = deliveryURL else { return nil }
    let session = try stateDirectory.open(forWriting: true)
    let now = try session.clock().now(real: environment.now())
    let signer = try signer(session, settings: settings(session), now: now)
    let round = try NotificationCourier.deliver(session, to: url, signer: signer)
    return DeliveryReport(url: url, delivered: round.delivered, pending: round.pending, failure: round.failure)
  }
}
