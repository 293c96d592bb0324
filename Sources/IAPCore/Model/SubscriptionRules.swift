import IAPFormats

/// How long subscription periods, grace periods and billing retry last: real calendar time,
/// or compressed as `SKTestSession.TimeRate` says (only while the clock follows real time).
package struct SubscriptionRules: Equatable, Sendable {
  package var timeRate: TimeRate = .realTime
  /// Renewals fail and enter billing retry (`shouldEnterBillingRetryOnRenewal`).
  package var billingRetry = false
  /// A failing renewal keeps access for a grace period first (`billingGracePeriodIsEnabled`).
  package var gracePeriod = false
  /// Cancel after this many renewals (the sandbox's cap is 12); nil for no limit.
  package var renewalLimit: Int?
  /// The products the developer removed from sale: subscriptions to them do not renew.
  package var removedFromSale: Set<String> = []

  package init(
    timeRate: TimeRate = .realTime, billingRetry: Bool = false, gracePeriod: Bool = false, renewalLimit: Int? = nil,
    removedFromSale: Set<String> = []
  ) {
    self.timeRate = timeRate
    self.billingRetry = billingRetry
    self.gracePeriod = gracePeriod
    self.renewalLimit = renewalLimit
    self.removedFromSale = removedFromSale
  }

  /// When a period of `period` starting at `start` ends.
  package func end(of period: SubscriptionPeriod, from start: Timestamp) -> Timestamp {
    guard let seconds = timeRate.compressedSeconds(period) else { return start.adding(period.calendarPeriod) }
    return Timestamp(saturating: seconds, times: 1000, plus: start.milliseconds)
  }

  /// When `count` periods of `period` from `anchor` end: on the calendar, the anchor's
  /// anniversary, on the month's last day only when that month is shorter (one calendar
  /// step, so O(1) whatever `count`); compressed, `count` times the compressed length.
  package func end(of period: SubscriptionPeriod, count: Int, from anchor: Timestamp) -> Timestamp {
    guard let seconds = timeRate.compressedSeconds(period) else {
      let one = period.calendarPeriod
      return anchor.adding(CalendarPeriod(months: one.months * count, days: one.days * count))
    }
    let (total, overflow) = seconds.multipliedReportingOverflow(by: Int64(count))
    return Timestamp(saturating: overflow ? .max : total, times: 1000, plus: anchor.milliseconds)
  }

  /// When an introductory offer phase of `count` × `period` starting at `start` ends.
  ///
  /// Apple's time-rate tables give renewal periods only. An offer period is compressed as a
  /// subscription period of the same length: a one-week trial lasts what a weekly period
  /// lasts (3 minutes at `monthlyRenewalEveryFiveMinutes`, not 7/30 of a month's 5), months
  /// and years follow their rows, days are a seventh of a week. For the "one renewal every
  /// …" rates each offer period is one renewal interval.
  package func end(ofOffer period: OfferPeriod, count: Int, from start: Timestamp) -> Timestamp {
    guard let monthly = timeRate.compressedSeconds(.oneMonth), let weekly = timeRate.compressedSeconds(.oneWeek),
      let yearly = timeRate.compressedSeconds(.oneYear)
    else {
      var end = start
      for _ in 0..<count { end = end.adding(period.calendarPeriod) }
      return end
    }
    let units = Int64(period.count) * Int64(count)
    let seconds: Int64
    if weekly == yearly {
      seconds = monthly * Int64(count)
    } else {
      switch period.unit {
      case .day: seconds = units * weekly / 7
      case .week: seconds = units * weekly
      case .month: seconds = SubscriptionPeriod(rawValue: "P\(units)M").flatMap(timeRate.compressedSeconds) ?? units * monthly
      case .year: seconds = units * yearly
      }
    }
    return Timestamp(saturating: max(1, seconds), times: 1000, plus: start.milliseconds)
  }

  /// When a renewal-date extension of `days` days from `start` ends: calendar days in real
  /// time; under an accelerated rate a day lasts a thirtieth of the rate's month, as the
  /// sandbox scales extensions (at least a second).
  package func end(ofExtension days: Int, from start: Timestamp) -> Timestamp {
    guard let monthly = timeRate.compressedSeconds(.oneMonth) else {
      return Timestamp(saturating: Int64(days) * 86_400, times: 1000, plus: start.milliseconds)
    }
    return Timestamp(saturating: max(1, Int64(days) * monthly / 30), times: 1000, plus: start.milliseconds)
  }

  /// When a billing grace period that starts at `start` ends.
  package func graceEnd(for period: SubscriptionPeriod, from start: Timestamp) -> Timestamp {
    let seconds = timeRate.graceSeconds(weekly: period == .oneWeek)
    return Timestamp(saturating: seconds, times: 1000, plus: start.milliseconds)
  }

  /// When billing retry that starts at `start` gives up.
  package func billingRetryEnd(from start: Timestamp) -> Timestamp {
    Timestamp(saturating: timeRate.billingRetrySeconds, times: 1000, plus: start.milliseconds)
  }
}
