import IAPCore
import IAPFormats
import IAPKit

/// A subscription's timeline as JSON (`subscription timeline --json`, the control plane, the
/// web page's drawing).
package enum TimelineJSON {
  /// `{productId, group, originalId, state, autoRenew, now, periods, spans, events}`: the
  /// periods oldest first, each with its transaction as `--json` shows it.
  package static func document(_ result: SubscriptionTimelineResult) -> JSONValue {
    let timeline = result.timeline
    let s = timeline.subscription
    let periods = timeline.periods.map { p -> JSONValue in
      .object([
        ("kind", .string(p.kind.rawValue)), ("start", .string(p.start.iso8601)), ("end", .optional(p.end?.iso8601)),
        ("productId", .string(p.transaction.productId)), ("price", .optional(p.transaction.price)),
        ("currency", .optional(p.transaction.currency)), ("offer", TransactionJSON.offer(p.transaction)),
        ("upgraded", .bool(p.transaction.isUpgraded)), ("revocationDate", .optional(p.transaction.revocationDate?.iso8601)),
        ("transaction", TransactionJSON.object(p.transaction)),
      ])
    }
    let spans = timeline.spans.map { span -> JSONValue in
      .object([
        ("kind", .string(span.kind.rawValue)), ("start", .string(span.start.iso8601)),
        ("end", .optional(span.end?.iso8601)), ("until", .optional(span.until?.iso8601)),
      ])
    }
    let events = timeline.events.map { n -> JSONValue in
      .object([
        ("date", .string(n.date.iso8601)), ("notificationType", .string(n.type.rawValue)), ("subtype", .optional(n.subtype?.rawValue)),
        ("transactionId", .optional(n.transaction.map { String($0.id) })),
      ])
    }
    return .object([
      ("productId", .string(s.productId)), ("group", .string(s.group)), ("originalId", .string(String(s.originalId))),
      ("state", .string(s.status.rawValue)), ("autoRenew", .bool(s.autoRenew)), ("now", .string(result.now.iso8601)),
      ("periods", .array(periods)), ("spans", .array(spans)), ("events", .array(events)),
    ])
  }
}
