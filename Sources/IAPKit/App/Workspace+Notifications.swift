import IAPCore
import IAPStorage
import IAPSystem

/// What one delivery step did.
package struct DeliveryReport: Sendable {
  /// Where the notifications went.
  package var url: String
  /// How many were posted now.
  package var delivered: Int
  /// How many are not yet settled (delivered, or given up on by the environment's
  /// `DeliverySchedule`).
  package var pending: Int
  /// Why the round stopped early, if it did.
  package var failure: String?
  /// What becomes of what failed.
  package var schedule = DeliverySchedule.untilDelivered
  /// Whether another process's round was under way, so that this one did not run.
  package var busy = false
}

extension Workspace {
  /// Posts the notifications that are not yet delivered to the `notification-url` of the
  /// state the last use case opened, if it names one: the front end's step after a use case
  /// committed. Nil when there is nowhere to post. A failure leaves them pending as the
  /// environment's `DeliverySchedule` says; it is reported, never fatal to the use case,
  /// which has already committed.
  package func deliverNotifications() throws(IAPError) -> DeliveryReport? {
    guard let url = deliveryURL else { return nil }
    // Another process's round posts in order from the first pending notification, and what
    // it leaves stays pending for a later command: waiting for it would only add its time
    // to this command's.
    return try deliver(to: url, waitForOtherRound: false)
  }

  /// A running server's delivery round between requests, so that under a running clock
  /// Production's retries go out as their time comes, not only after the next request (the
  /// store's time runs to now first, as for a request). Nil, posting nothing, unless the
  /// state exists, names a `notification-url` and its environment retries on a schedule.
  package func deliverDueRetries() throws(IAPError) -> DeliveryReport? {
    guard POSIXFile.exists(stateDirectory.path) else { return nil }
    let opened = try openStore(forWriting: false)
    guard case .retries = DeliverySchedule(opened.settings.environment), let url = deliveryURL else { return nil }
    opened.session.close()
    return try deliver(to: url, waitForOtherRound: false)
  }

  /// One delivery round to `url`: prepared under the state's lock, posted outside it within
  /// `Deadline.deliveryRoundSeconds`, recorded under the lock again. Only one process runs a
  /// round at a time (the delivery lock), so nothing is posted twice.
  func deliver(to url: String, resend: Bool = false, waitForOtherRound: Bool) throws(IAPError) -> DeliveryReport {
    // No state, no notifications: and a reader must not create the folder.
    guard POSIXFile.exists(stateDirectory.path) else { return DeliveryReport(url: url, delivered: 0, pending: 0) }
    guard let courier = stateDirectory.deliveryLock(wait: waitForOtherRound) else {
      return DeliveryReport(url: url, delivered: 0, pending: 0, busy: true)
    }
    defer { POSIXFile.close(courier) }
    var batch: NotificationCourier.Batch
    let fields = catalogFieldsQuietly()  // before the lock: see `settings(_:fields:)`
    do {
      // Exclusive, briefly: signing may have to create the state's secret.
      let session = try IAPError.ofState(stateDirectory.open(forWriting: true))
      let now = try IAPError.ofState(session.clock().now(real: environment.now()))
      let settings = try settings(session, fields: fields)
      let signer = try signer(session, settings: settings, now: now, catalog: fields)
      batch = try NotificationCourier.prepare(
        session, signer: signer, schedule: DeliverySchedule(settings.environment), now: now, resend: resend)
    }
    let (round, reached, attempts) = NotificationCourier.post(batch, to: url, deadline: Deadline(seconds: Deadline.deliveryRoundSeconds))
    if !attempts.isEmpty {
      let session = try IAPError.ofState(stateDirectory.open(forWriting: true))
      try NotificationCourier.record(reached, attempts: attempts, in: session)
    }
    return DeliveryReport(url: url, delivered: round.delivered, pending: round.pending, failure: round.failure, schedule: batch.schedule)
  }
}
