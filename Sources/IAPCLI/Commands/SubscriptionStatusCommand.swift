import IAPCore
import IAPKit
import IAPOperations
import IAPFormats

/// `iap subscription status [ID]`: where the account's subscriptions stand.
struct SubscriptionStatusCommand: Command {
  static let spec = CommandSpec(
    ["subscription", "status"], operation: SubscriptionOperations.status,
    discussion: """
      State (subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked), auto-renew \
      status and product, expiration, renewal count. Without an id, every subscription of the \
      account. With --json, each also has signedRenewalInfo (JWSRenewalInfoDecodedPayload, \
      decoded as renewalInfo) and signedTransactionInfo (its latest transaction), as StoreKit \
      2's Product.SubscriptionInfo.Status gives them.
      """,
    arguments: [ArgumentSpec("id", SubscriptionOperations.only, completion: .productIds)])

  let request: SubscriptionStatusRequest

  init(_ invocation: Invocation) throws(IAPError) { request = try SubscriptionOperations.statusRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    var request = request
    request.signed = context.globals.json
    let result = try context.workspace.subscriptionStatus(request)
    Self.print(result.subscriptions, context, signer: result.signer)
    return .success
  }

  /// Prints subscriptions as text lines or `{"subscriptions": [...]}`.
  static func print(_ subscriptions: [Subscription], _ context: CommandContext, signer: Signer? = nil) {
    if context.globals.json {
      context.console.json(SubscriptionOperations.json(subscriptions, signer: signer))
      return
    }
    var table = TextTable()
    for s in subscriptions {
      var notes = ["expires \(s.expirationDate.iso8601)", "renewals \(s.renewals)"]
      if s.autoRenewProductId != s.productId { notes.append("renews as \(s.autoRenewProductId)") }
      if let grace = s.gracePeriodExpires { notes.append("grace until \(grace.iso8601)") }
      if let retry = s.billingRetryEnds { notes.append("billing retry until \(retry.iso8601)") }
      if let increase = s.priceIncrease {
        // In the currency the subscription is charged in (its transactions' `currency`).
        let currency = s.latest.currency.map { " \($0)" } ?? ""
        notes.append("price increase to \(increase.price)\(currency) \(increase.status.rawValue)")
      }
      table.append([s.productId, s.status.rawValue, "auto-renew \(s.autoRenew ? "on" : "off")", notes.joined(separator: "  ")])
    }
    table.lines.forEach { context.console.line($0) }
    if subscriptions.isEmpty { context.console.emptyListing("no subscriptions") }
  }
}
