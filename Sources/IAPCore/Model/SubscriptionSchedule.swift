import IAPFormats

/// The subscriptions' next events, earliest first: what `Store.advance(to:)` takes its next
/// event from in O(log n), rather than scanning every subscription of every account for each
/// of a century's renewals.
///
/// Ties go by account name, then group, as a scan in that order would take them. Entries are
/// never updated in place: a subscription that changes is scheduled again, and an entry that
/// no longer matches its subscription's scheduled time is skipped when it comes up.
struct SubscriptionSchedule {
  /// One scheduled event.
  struct Entry {
    var at: Timestamp
    var account: String
    var group: String

    func precedes(_ other: Entry) -> Bool {
      if at != other.at { return at < other.at }
      if account != other.account { return account < other.account }
      return group < other.group
    }
  }

  /// A binary min-heap of entries.
  private var heap: [Entry] = []
  /// The time each subscription is scheduled for, by account then group: the entry that
  /// matches it is the live one.
  private var scheduled: [String: [String: Timestamp]] = [:]

  /// Schedules every subscription of `state` that has an event due by `now`.
  init(_ state: StoreState, until now: Timestamp) {
    for (name, account) in state.accounts {
      for (group, subscription) in account.subscriptions {
        schedule(subscription, until: now, account: name, group: group)
      }
    }
  }

  /// Schedules `subscription`'s next event if it is due by `now`, replacing what was
  /// scheduled for it.
  mutating func schedule(_ subscription: Subscription, until now: Timestamp) {
    schedule(subscription, until: now, account: subscription.account, group: subscription.group)
  }

  private mutating func schedule(_ subscription: Subscription, until now: Timestamp, account: String, group: String) {
    guard let at = Store.nextEvent(of: subscription), at <= now else {
      scheduled[account]?[group] = nil
      return
    }
    guard scheduled[account]?[group] != at else { return }
    scheduled[account, default: [:]][group] = at
    push(Entry(at: at, account: account, group: group))
  }

  /// Takes the earliest live entry out of the schedule.
  mutating func popEarliest() -> Entry? {
    while let top = heap.first {
      removeTop()
      if scheduled[top.account]?[top.group] == top.at {
        scheduled[top.account]?[top.group] = nil
        return top
      }
    }
    return nil
  }

  private mutating func push(_ entry: Entry) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func removeTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1, right = left + 1
      var first = parent
      if left < heap.count, heap[left].precedes(heap[first]) { first = left }
      if right < heap.count, heap[right].precedes(heap[first]) { first = right }
      guard first != parent else { return }
      heap.swapAt(parent, first)
      parent = first
    }
  }
}
