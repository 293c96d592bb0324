import IAPCore
import IAPKit
import IAPFormats

/// `iap notifications`: the App Store Server Notifications the store has sent.
struct NotificationsCommand: Command {
  static let spec = CommandSpec(
    ["notifications"], abstract: "List App Store Server Notifications, and deliver them.",
    discussion: """
      Every store event (purchase, renewal, failed renewal, expiry, auto-renew change, refund, \
      upgrade, downgrade) sends a V2 notification, kept in the state. With --url, or the \
      notification-url setting (then after every command), pending ones are POSTed as \
      {"signedPayload": …}, in order; a server that is down or answers non-2xx is retried at \
      the next command, and nothing is lost.
      """,
    options: [
      OptionSpec("url", value: "url", help: "POST the pending notifications to this URL now."),
      OptionSpec("all", help: "With --url: send every notification again, not only the pending ones."),
    ])

  let url: String?
  let all: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    all = invocation.flag("all")
    if let text = invocation.value("url") {
      guard let url = try? StoreSettings.normalize(key: "notification-url", value: text), url != "off" else {
        throw invocation.usageError("invalid value for '--url <url>': expected an http:// URL (https is not supported), got '\(text)'")
      }
      self.url = url
    } else {
      url = nil
    }
    if all && url == nil { throw invocation.usageError("--all needs --url") }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.notifications(NotificationsRequest(url: url, resendAll: all))
    var status = ExitCode.success
    if let round = result.delivery, let failure = round.failure {
      context.console.error("delivered \(round.delivered), then \(round.url) failed: \(failure); \(round.pending) pending, retried at the next delivery")
      status = .storeRefused
    }
    if context.globals.json {
      context.console.json(NotificationsJSON.document(result))
    } else {
      var table = TextTable()
      for (index, n) in result.notifications.enumerated() {
        table.append([
          "#\(index + 1)", n.type.rawValue, n.subtype?.rawValue ?? "", n.date.iso8601, n.transaction?.productId ?? n.summary?.productId ?? "",
          n.transaction.map { "transaction \($0.id)" } ?? "", result.isDelivered(index) ? "delivered" : "pending",
        ])
      }
      table.lines.forEach { context.console.line($0) }
      if result.notifications.isEmpty { context.console.emptyListing("no notifications") }
    }
    return status
  }
}
