import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `iap status`: the store at a glance.
struct StatusCommand: Command {
  static let spec = CommandSpec(
    ["status"], operation: StoreViewOperations.status,
    discussion: """
      One overview of what the other commands show piece by piece: the clock and its time \
      rate, the settings that differ from their defaults (and where each comes from), the \
      account and device, how many transactions are unfinished, the entitlements, each \
      subscription with its state and next event (renewal, expiry, end of grace period or of \
      billing retry), purchases waiting for Ask to Buy, and notifications not yet delivered.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let status = try context.workspace.status()
    if context.globals.json {
      context.console.json(StatusJSON.document(status))
    } else {
      Self.lines(status).forEach { context.console.line($0) }
    }
    return .success
  }

  /// The text: one labelled line a topic, and a line a subscription, entitlement or
  /// pending purchase under its label.
  static func lines(_ s: StoreStatus) -> [String] {
    var lines: [String] = []
    func add(_ label: String, _ values: [String], none: String) {
      let pad = String(repeating: " ", count: 15)
      let first = (label + pad).prefix(15)
      if values.isEmpty { lines.append(first + none); return }
      lines.append(first + values[0])
      for value in values.dropFirst() { lines.append(pad + value) }
    }
    let mode = s.clock.clock.isReal ? "real" : "simulated"
    add("clock", ["\(s.clock.now.iso8601) (\(mode)), time rate \(s.timeRate.name)"], none: "")
    add("settings", s.changedSettings.map { "\($0.name) \($0.value) (\($0.source.rawValue))" }, none: "all defaults")
    add("account", ["\(s.account) on device \(s.device)"], none: "")
    add("unfinished", s.unfinished == 0 ? [] : ["\(s.unfinished) transaction\(s.unfinished == 1 ? "" : "s") (iap queue)"], none: "none")
    add("entitlements", s.entitlements.map { t in
      "#\(t.id)  \(t.productId)" + (t.expirationDate.map { "  expires \($0.iso8601)" } ?? "")
    }, none: "none")
    var table = TextTable()
    for sub in s.subscriptions {
      let next = sub.nextEvent.map { "\(Self.words($0.kind)) \($0.date.iso8601)" } ?? "ended \(sub.expirationDate.iso8601)"
      table.append([sub.productId, sub.status.rawValue, "auto-renew \(sub.autoRenew ? "on" : "off")", next])
    }
    add("subscriptions", table.lines, none: "none")
    add("ask to buy", s.pendingApproval.map { "#\($0.id)  \($0.productId)  waiting (iap approve \($0.id) / iap decline \($0.id))" }, none: "none")
    let delivery = s.notificationURL.map { "to \($0)" } ?? "no notification-url"
    add("notifications", ["\(s.notificationsSent) sent, \(s.notificationsUndelivered) undelivered (\(delivery))"], none: "")
    return lines
  }

  /// How the next event reads: `renews 2026-02-15T10:00:00Z`.
  static func words(_ kind: SubscriptionNextEvent.Kind) -> String {
    switch kind {
    case .renewal: return "renews"
    case .expiry: return "expires"
    case .gracePeriodEnd: return "grace period ends"
    case .billingRetryEnd: return "billing retry ends"
    }
  }
}
