import IAPCore

/// A way `notifications check` bends delivery, as an endpoint meets it from the App Store.
package enum NotificationChaos: String, CaseIterable, Sendable {
  /// Each notification is posted twice, the same body (the same `notificationUUID`) both
  /// times: what a retry looks like to an endpoint whose 2xx answer was lost.
  case duplicate
  /// The notifications are posted in the reverse of the order the store sent them.
  case reorder
  /// Each notification is posted as Apple's last retry arrives: signed as of the sum of
  /// Apple's retry intervals before the moment it is posted.
  case delay
  /// Each notification is first posted with a signature that does not verify, which the
  /// endpoint must refuse (not 2xx, so that the App Store retries), then posted as signed.
  case failFirst = "fail-first"
}

/// What `notifications check` is given.
package struct NotificationCheckRequest: Sendable {
  /// Where the notifications are posted (`http://`, as the `notification-url` setting).
  package var url: String
  /// The notifications to play, in the order `notifications trigger --list` names them.
  package var flows: [TriggerFlow]
  /// How delivery is bent.
  package var chaos: Set<NotificationChaos>

  /// A run of `flows` against `url`, bent by `chaos`.
  package init(url: String, flows: [TriggerFlow] = TriggerFlow.all, chaos: Set<NotificationChaos> = []) {
    self.url = url
    self.flows = flows
    self.chaos = chaos
  }

  /// How long an answer may take, in milliseconds. Apple's documentation gives no figure for
  /// a notification's answer; iap's own delivery gives each step of a post five seconds
  /// before it records `TIMED_OUT`, so the check holds an endpoint to the same.
  package static let answerLimitMilliseconds = 5_000

  /// How much earlier than its posting a `delay`ed notification is signed: Apple's last
  /// retry comes 1 + 12 + 24 + 48 + 72 hours after the first attempt, with the same payload.
  package static var delayMilliseconds: Int64 { DeliverySchedule.appleRetryIntervals.reduce(0, +) }

  /// The flows `selection` names, in `--list` order: comma-separated `TYPE` (each subtype
  /// the trigger produces of it) or `TYPE/SUBTYPE`, as Apple spells them. Throws the reason
  /// a name is refused, in words.
  package static func flows(named selection: String) throws(IAPError) -> [TriggerFlow] {
    var chosen: [(type: NotificationType, subtype: NotificationSubtype?, whole: Bool)] = []
    for item in selection.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.filter { $0 != " " }.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard (1...2).contains(parts.count), let type = NotificationType(rawValue: parts[0].uppercased()) else {
        throw .invalidRequest("unknown notification type '\(item)': expected TYPE or TYPE/SUBTYPE, as iap notifications trigger --list names them")
      }
      if let reason = TriggerFlow.unavailableReason(type) ?? TriggerFlow.elsewhere(type) { throw .invalidRequest("\(type.rawValue): \(reason)") }
      if parts.count == 1 {
        chosen.append((type, nil, true))
        continue
      }
      guard let subtype = NotificationSubtype(rawValue: parts[1].uppercased()),
        TriggerFlow.all.contains(where: { $0.type == type && $0.subtype == subtype })
      else {
        throw .invalidRequest("unknown notification type '\(item)': \(type.rawValue) has no subtype '\(parts[1])' the store produces")
      }
      chosen.append((type, subtype, false))
    }
    return TriggerFlow.all.filter { flow in chosen.contains { $0.type == flow.type && ($0.whole || $0.subtype == flow.subtype) } }
  }

  /// The chaos modes `selection` names (comma-separated), or the reason one is refused.
  package static func chaos(named selection: String) throws(IAPError) -> Set<NotificationChaos> {
    var modes: Set<NotificationChaos> = []
    for item in selection.split(separator: ",", omittingEmptySubsequences: false) {
      let word = item.filter { $0 != " " }.lowercased()
      guard let mode = NotificationChaos(rawValue: word) else {
        let known = NotificationChaos.allCases.map(\.rawValue).joined(separator: ", ")
        throw .invalidRequest("unknown chaos mode '\(item)': expected \(known)")
      }
      modes.insert(mode)
    }
    return modes
  }
}
