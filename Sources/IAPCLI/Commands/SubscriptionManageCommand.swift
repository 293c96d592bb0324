import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `iap subscription manage [GROUP]`: what StoreKit's manage-subscriptions sheet shows.
struct SubscriptionManageCommand: Command {
  static let spec = CommandSpec(
    ["subscription", "manage"], operation: SubscriptionOperations.manage,
    discussion: """
      What AppStore.showManageSubscriptions(in:) shows the customer: for every subscription \
      group the account subscribed in (or the one named, subscribed or not), the \
      subscription's state, auto-renew and next renewal or expiry, then the plans on sale in \
      the group, highest level first, with their prices. The sheet's actions are iap's own \
      commands: subscription cancel and resume, and buy for another plan. Fails as the sheet \
      does when the fail-manage-subscriptions setting says so. With --json, each group as \
      {subscriptionGroup, subscription, plans}.
      """,
    arguments: [ArgumentSpec("group", SubscriptionOperations.group, completion: .productIds)])

  let group: String?

  init(_ invocation: Invocation) throws(IAPError) { group = try SubscriptionOperations.manageRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let sheet = try context.workspace.manageSubscriptions(group)
    if context.globals.json {
      context.console.json(ManageSubscriptionsJSON.document(sheet))
      return .success
    }
    let prices = ProductJSON.formatter(catalog: sheet.catalog, locale: sheet.locale, currency: sheet.currency)
    for group in sheet.groups {
      var head = "group \(group.id): "
      if let s = group.subscription {
        let next = s.status == .expired || s.status == .revoked || !s.autoRenew ? "expires" : "renews"
        head += "\(s.productId) \(s.status.rawValue), auto-renew \(s.autoRenew ? "on" : "off"), \(next) \(s.expirationDate.iso8601)"
      } else {
        head += "not subscribed"
      }
      context.console.line(head)
      var table = TextTable()
      for plan in group.plans {
        var notes: [String] = []
        if plan.id == group.subscription?.productId { notes.append("current") }
        if let s = group.subscription, s.autoRenewProductId != s.productId, plan.id == s.autoRenewProductId { notes.append("renews as") }
        table.append([
          "  level \(plan.groupLevel.map(String.init) ?? "-")", plan.id,
          prices.string(for: plan.price, text: plan.priceText), plan.subscriptionPeriod?.rawValue ?? "", notes.joined(separator: ", "),
        ])
      }
      table.lines.forEach { context.console.line($0) }
    }
    if sheet.groups.isEmpty { context.console.emptyListing("no subscriptions to manage") }
    return .success
  }
}
