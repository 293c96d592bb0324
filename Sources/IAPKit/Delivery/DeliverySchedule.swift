import IAPCore
import IAPFormats

/// When a notification is posted again after an attempt failed, by the store's environment.
///
/// Apple's "Responding to App Store Server Notifications": in Production a version 2
/// notification that got no 2xx is retried five times, "at 1, 12, 24, 48, and 72 hours after
/// the previous attempt"; in Sandbox "the App Store server attempts to send the notification
/// one time". Xcode's environments have no server to retry from, so iap keeps its own rule
/// there: what failed is posted again, in order, at the next delivery round.
package enum DeliverySchedule: Equatable, Sendable {
  /// LocalTesting and Xcode: in order, each until it is delivered; a failure stops the round.
  case untilDelivered
  /// Sandbox: one attempt each.
  case once
  /// Production: after the first attempt, one retry per interval (in milliseconds), each
  /// that long after the previous attempt.
  case retries([Int64])

  /// Apple's intervals between a version 2 notification's attempts in Production.
  package static let appleRetryIntervals: [Int64] = [1, 12, 24, 48, 72].map { $0 * 3_600_000 }

  /// The schedule of `environment`.
  package init(_ environment: AppStoreEnvironment) {
    switch environment {
    case .localTesting, .xcode: self = .untilDelivered
    case .sandbox: self = .once
    case .production: self = .retries(Self.appleRetryIntervals)
    }
  }

  /// Where a notification stands, given its attempts so far.
  package enum Standing: Equatable, Sendable {
    /// Delivered, or given up on: no attempt is left.
    case settled
    /// Attempts are due at these times (the store's clock), the first one first; each later
    /// one is made only if the one before it failed.
    case due([Timestamp])
    /// The next attempt is due after `now`.
    case waiting
  }

  /// Where a notification with `attempts` (oldest first) stands at `now`. The retries a jump
  /// of the clock passed over are all due, each at its own time, as Apple would have made
  /// them while the time went by.
  package func standing(of attempts: [SendAttempt], now: Timestamp) -> Standing {
    if attempts.contains(where: { $0.result == SendAttempt.success }) { return .settled }
    guard let last = attempts.last else { return .due([now]) }
    switch self {
    case .untilDelivered: return .due([now])
    case .once: return .settled
    case .retries(let intervals):
      guard attempts.count <= intervals.count else { return .settled }
      var dates: [Timestamp] = []
      var date = last.date.milliseconds
      for interval in intervals[(attempts.count - 1)...] {
        date += interval
        guard date <= now.milliseconds else { break }
        dates.append(Timestamp(milliseconds: date))
      }
      return dates.isEmpty ? .waiting : .due(dates)
    }
  }

  /// What becomes of what failed, as a warning says it.
  package var retryNote: String {
    switch self {
    case .untilDelivered: return "retried at the next command"
    case .once: return "not retried (Sandbox attempts each notification once)"
    case .retries: return "retried 1, 12, 24, 48 and 72 hours after the previous attempt, by the store's clock"
    }
  }

  /// Whether a failed attempt stops the round: only in order, where what comes later waits
  /// for what failed.
  var failureStopsRound: Bool { self == .untilDelivered }
}
