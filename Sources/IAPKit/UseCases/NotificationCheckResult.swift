/// What `notifications check` found: per notification played, what the endpoint answered.
package struct NotificationCheckResult {
  /// Where the notifications were posted.
  package var url: String
  /// How delivery was bent.
  package var chaos: Set<NotificationChaos>
  /// One per notification asked for, in the order they were posted (skipped ones last).
  package var rows: [Row]
  /// The signal (Ctrl-C, `kill`) that stopped the run before its end, nil when none did:
  /// the rows hold what was posted by then, and the front end ends the process by it.
  package var interruptedBy: Int32?

  /// Whether the endpoint passed: the run was not interrupted, at least one notification was
  /// played, and every answer was as Apple's rules need it within the limit.
  package var passed: Bool { interruptedBy == nil && rows.contains { $0.skipped == nil } && rows.allSatisfy(\.passed) }

  /// The rows that failed.
  package var failures: [Row] { rows.filter { !$0.passed } }

  /// One notification type and subtype.
  package struct Row {
    /// The notification's type and subtype, and the flow that produced it.
    package var flow: TriggerFlow
    /// The `notificationUUID` of what was posted (nil when skipped).
    package var notificationUUID: String?
    /// Why the store could not play the flow on this catalog (a product of the kind it needs
    /// is missing, say): nothing was posted, and the row neither passes nor fails the run.
    package var skipped: String?
    /// What the endpoint answered to each post, in order.
    package var answers: [Answer] = []

    /// Whether every answer passed (a skipped row has none, so it does not fail the run).
    package var passed: Bool { answers.allSatisfy { $0.error == nil } }
  }

  /// One post of a notification and the endpoint's answer.
  package struct Answer {
    /// The kinds of post.
    package enum Attempt: String, Sendable {
      /// The notification as the store signed it.
      case first
      /// The notification as signed, after a refused `brokenSignature` post (`fail-first`).
      case retry
      /// The same notification again (`duplicate`).
      case duplicate
      /// The notification with a signature that does not verify (`fail-first`).
      case brokenSignature = "broken-signature"
    }

    /// Which post this was.
    package var attempt: Attempt
    /// The HTTP status answered, nil when none came.
    package var status: Int?
    /// How long the answer took, from connecting to its end.
    package var milliseconds: Int
    /// What the App Store would record for it (`sendAttemptResult`): `SUCCESS`, else why not.
    package var sendAttemptResult: String
    /// Why the answer fails the check, nil when it passes.
    package var error: String?
  }
}
