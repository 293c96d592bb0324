import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `iap subscription timeline ID`: a subscription's story in one short table.
struct SubscriptionTimelineCommand: Command {
  static let spec = CommandSpec(
    ["subscription", "timeline"], operation: SubscriptionOperations.timeline,
    discussion: """
      One line per period, oldest first: its dates, how it began (purchase, renewal, upgrade, \
      downgrade, crossgrade, resubscribe), product, price and offer, and whether it was \
      upgraded away or refunded; a line per stretch of billing retry or grace period; then \
      where the subscription stands now. With --json, the same with every notification Apple \
      sent about it (events), as the web page draws it.
      """,
    arguments: [ArgumentSpec("id", SubscriptionOperations.productId, completion: .productIds)])

  let productId: String

  init(_ invocation: Invocation) throws(IAPError) { productId = try SubscriptionOperations.productIdRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.subscriptionTimeline(productId)
    if context.globals.json {
      context.console.json(TimelineJSON.document(result))
      return .success
    }
    var rows: [(Timestamp, [String])] = result.timeline.periods.map { p in
      var notes: [String] = []
      if let price = p.transaction.price { notes.append([price, p.transaction.currency].compactMap { $0 }.joined(separator: " ")) }
      if let offer = Self.offer(p.transaction) { notes.append(offer) }
      if p.transaction.isUpgraded { notes.append("upgraded") }
      if let revoked = p.transaction.revocationDate { notes.append("refunded \(revoked.iso8601)") }
      notes.append("#\(p.transaction.id)")
      return (p.start, [p.start.iso8601, "→ " + (p.end?.iso8601 ?? "…"), p.kind.rawValue, p.transaction.productId, notes.joined(separator: "  ")])
    }
    rows += result.timeline.spans.map { span in
      let end = span.end.map { "→ " + $0.iso8601 } ?? "→ … " + (span.until.map { "(until \($0.iso8601))" } ?? "")
      return (span.start, [span.start.iso8601, end, span.kind == .billingRetry ? "billing retry" : "grace period", "", ""])
    }
    var table = TextTable()
    for (_, cells) in rows.sorted(by: { $0.0 < $1.0 }) { table.append(cells) }
    table.lines.forEach { context.console.line($0) }
    let s = result.timeline.subscription
    let next = s.status == .subscribed ? (s.autoRenew ? "renews" : "expires") + " \(s.expirationDate.iso8601)" : "since \(s.expirationDate.iso8601)"
    context.console.line("now \(result.now.iso8601)  \(s.status.rawValue)  auto-renew \(s.autoRenew ? "on" : "off")  \(next)")
    return .success
  }

  /// `free trial P1W`, `introductory P3M`, `promotional loyalty.free_month`; nil for none.
  static func offer(_ t: Transaction) -> String? {
    guard let type = t.offerType else { return nil }
    if type == .promotional { return "promotional \(t.offerIdentifier ?? "")" }
    let name = t.offerDiscountType == .freeTrial ? "free trial" : "introductory"
    return [name, t.offerPeriod].compactMap { $0 }.joined(separator: " ")
  }
}
