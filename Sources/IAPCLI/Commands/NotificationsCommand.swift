import IAPCore
import IAPKit
import IAPFormats
import IAPOperations

/// `iap notifications`: the App Store Server Notifications the store has sent.
struct NotificationsCommand: Command {
  static let spec = CommandSpec(
    ["notifications"], operation: NotificationsOperation.spec,
    discussion: """
      Every store event (purchase, renewal, failed renewal, expiry, auto-renew change, refund, \
      upgrade, downgrade) sends a V2 notification, kept in the state. With --url, or the \
      notification-url setting (then after every command), pending ones are POSTed as \
      {"signedPayload": …}, in order; a server that is down or answers non-2xx is retried at \
      the next command, and nothing is lost. In Sandbox each is attempted once, and in \
      Production what failed is retried 1, 12, 24, 48 and 72 hours after the previous \
      attempt by the store's clock, as Apple does.
      """)

  let request: NotificationsRequest

  init(_ invocation: Invocation) throws(IAPError) { request = try NotificationsOperation.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.notifications(request)
    var status = ExitCode.success
    if let round = result.delivery, let failure = round.failure {
      context.console.error("delivered \(round.delivered), then \(round.url) failed: \(failure); \(round.pending) pending, \(round.schedule.retryNote)")
      status = .storeRefused
    }
    if context.globals.json {
      context.console.json(NotificationsJSON.document(result))
    } else {
      var table = TextTable()
      for (index, n) in result.notifications.enumerated() {
        table.append([
          "#\(index + 1)", n.type.rawValue, n.subtype?.rawValue ?? "", n.date.iso8601, n.transaction?.productId ?? n.summary?.productId ?? "",
          n.transaction.map { "transaction \($0.id)" } ?? "", result.isDelivered(index) ? "delivered" : index < result.deliveredCount ? "failed" : "pending",
        ])
      }
      table.lines.forEach { context.console.line($0) }
      if result.notifications.isEmpty { context.console.emptyListing("no notifications") }
    }
    return status
  }
}
