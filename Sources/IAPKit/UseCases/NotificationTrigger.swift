import Foundation
import IAPCore

/// One notification `notifications trigger` can make the store send, and the flow of use
/// cases behind it: the store does what produces it, as a customer would, and nothing is forged.
package struct TriggerFlow: Sendable {
  package var type: NotificationType
  package var subtype: NotificationSubtype?
  /// The kind of product the flow buys when none is named (nil: it buys nothing).
  package var productType: ProductType?
  /// The commands that produce it, in the CLI's words (`--list`).
  package var steps: String

  /// `TYPE` or `TYPE SUBTYPE`, as Apple spells them.
  package var name: String { subtype.map { "\(type.rawValue) \($0.rawValue)" } ?? type.rawValue }

  /// Every notification the trigger can produce, in the order `--list` shows them.
  package static let all: [TriggerFlow] = [
    TriggerFlow(type: .oneTimeCharge, subtype: nil, productType: .nonConsumable, steps: "buy"),
    TriggerFlow(type: .subscribed, subtype: .initialBuy, productType: .autoRenewable, steps: "buy"),
    TriggerFlow(type: .subscribed, subtype: .resubscribe, productType: .autoRenewable, steps: "buy, subscription expire, buy"),
    TriggerFlow(type: .didRenew, subtype: nil, productType: .autoRenewable, steps: "buy, subscription renew"),
    TriggerFlow(
      type: .didChangeRenewalStatus, subtype: .autoRenewDisabled, productType: .autoRenewable, steps: "buy, subscription cancel"),
    TriggerFlow(
      type: .didChangeRenewalStatus, subtype: .autoRenewEnabled, productType: .autoRenewable,
      steps: "buy, subscription cancel, subscription resume"),
    TriggerFlow(type: .expired, subtype: .voluntary, productType: .autoRenewable, steps: "buy, subscription expire"),
    TriggerFlow(
      type: .priceIncrease, subtype: .pending, productType: .autoRenewable, steps: "buy, subscription price-increase --consent required"),
    TriggerFlow(
      type: .priceIncrease, subtype: .accepted, productType: .autoRenewable, steps: "buy, subscription price-increase --consent notRequired"),
    TriggerFlow(type: .consumptionRequest, subtype: nil, productType: .consumable, steps: "buy, refund-request"),
    TriggerFlow(type: .refund, subtype: nil, productType: .consumable, steps: "buy, refund"),
    TriggerFlow(type: .refundDeclined, subtype: nil, productType: .consumable, steps: "buy, refund-request, refund-decline"),
    TriggerFlow(type: .refundReversed, subtype: nil, productType: .consumable, steps: "buy, refund, refund-reverse"),
    TriggerFlow(type: .rescindConsent, subtype: nil, productType: nil, steps: "consent rescind"),
  ]

  /// Why the trigger cannot produce `type` at all, for the types Apple defines that no flow
  /// of the store's sends.
  package static func unavailableReason(_ type: NotificationType) -> String? {
    switch type {
    case .externalPurchaseToken: return "iap does not simulate external purchases"
    case .metadataUpdate, .migration, .priceChange: return "an Advanced Commerce API notification, which iap does not simulate"
    default: return nil
    }
  }
}

/// What `notifications trigger` asks for.
package struct TriggerRequest: Sendable {
  package var type: NotificationType
  package var subtype: NotificationSubtype?
  /// The product to use, else the catalog's first of the kind the flow needs.
  package var productId: String?
  /// The account the flow plays (`--customer`), else the workspace's own.
  package var customer: String?

  package init(type: NotificationType, subtype: NotificationSubtype? = nil, productId: String? = nil, customer: String? = nil) {
    self.type = type
    self.subtype = subtype
    self.productId = productId
    self.customer = customer
  }
}

/// What `notifications trigger` did: the notification it made the store send.
package struct TriggerResult {
  package var flow: TriggerFlow
  /// The product the flow used.
  package var productId: String?
  /// The last notification of the requested type and subtype the flow produced.
  package var notification: ServerNotification
  /// Its sequence number (1-based) among every notification sent.
  package var sequence: Int
  /// The signer of its payload.
  package var signer: Signer
}

extension Workspace {
  /// Use case: makes the store produce the notification `request` names, by running the
  /// use cases of its flow in sequence for this workspace's account (or the request's
  /// customer), and returns the last notification of that type and subtype the flow sent. A type or subtype no flow
  /// produces, or a flow the account's state keeps from producing it, is rejected.
  package func triggerNotification(_ request: TriggerRequest) throws(IAPError) -> TriggerResult {
    let name = request.subtype.map { "\(request.type.rawValue) \($0.rawValue)" } ?? request.type.rawValue
    if let reason = TriggerFlow.unavailableReason(request.type) { throw .invalidRequest("\(request.type.rawValue): \(reason)") }
    guard let flow = TriggerFlow.all.first(where: { $0.type == request.type && $0.subtype == request.subtype }) else {
      throw .invalidRequest("\(name): not a notification iap notifications trigger produces (iap notifications trigger --list)")
    }
    let productId = try triggerProduct(flow, named: request.productId)
    let before = try notifications().notifications.count
    let customer = request.customer.map { acting(for: $0) } ?? self
    try customer.runTriggerFlow(flow, productId: productId)
    let after = try notifications()
    guard
      let index = after.notifications.indices.last(where: {
        $0 >= before && after.notifications[$0].type == flow.type && after.notifications[$0].subtype == flow.subtype
      })
    else {
      throw .invalidRequest(
        "\(name): \(flow.steps)\(productId.map { " on \($0)" } ?? "") did not send it for account '\(customer.account)' (its state keeps it from; try --customer NAME)")
    }
    return TriggerResult(flow: flow, productId: productId, notification: after.notifications[index], sequence: index + 1, signer: after.signer)
  }

  /// The product `flow` uses: the one named, else the catalog's first of the kind it needs
  /// (nil for a flow that buys nothing).
  private func triggerProduct(_ flow: TriggerFlow, named id: String?) throws(IAPError) -> String? {
    guard let productType = flow.productType else {
      if id != nil { throw .invalidRequest("\(flow.name) uses no product: --product does not apply") }
      return nil
    }
    let catalog = try loadCatalog()
    if let id {
      guard let product = catalog.product(id) else { throw .invalidRequest("no product '\(id)' in the catalog") }
      guard product.type == productType else {
        throw .invalidRequest("\(flow.name) needs a product of type \(productType.rawValue); '\(id)' is \(product.type.rawValue)")
      }
      return id
    }
    guard let product = catalog.products.first(where: { $0.type == productType }) else {
      throw .invalidRequest("\(flow.name) needs a product of type \(productType.rawValue), and the catalog has none")
    }
    return product.id
  }

  /// Runs the use cases behind `flow`, as its `steps` name them.
  private func runTriggerFlow(_ flow: TriggerFlow, productId: String?) throws(IAPError) {
    guard let productId else {
      _ = try rescindConsent()
      return
    }
    var purchase = BuyRequest(productId: productId)
    purchase.finish = true
    let bought = try buy(purchase)
    if let failure = bought.failure { throw failure }
    let id = bought.outcome.id
    func act(_ action: SubscriptionAction) throws(IAPError) { _ = try subscriptionAction(SubscriptionActionRequest(action, productId: productId)) }
    switch (flow.type, flow.subtype) {
    case (.subscribed, .resubscribe?):
      try act(.expire)
      _ = try buy(purchase)
    case (.didRenew, _): try act(.renew)
    case (.didChangeRenewalStatus, .autoRenewDisabled?): try act(.cancel)
    case (.didChangeRenewalStatus, _):
      try act(.cancel)
      try act(.resume)
    case (.expired, _): try act(.expire)
    case (.priceIncrease, let subtype):
      // A cent more than the catalog's price: an increase within Apple's limits without consent.
      let price = (try loadCatalog().product(productId)?.price ?? 0) + Decimal(sign: .plus, exponent: -2, significand: 1)
      _ = try priceIncrease(productId, price: "\(price)", consentRequired: subtype == .pending)
    case (.consumptionRequest, _): _ = try requestRefund(id, reason: .other)
    case (.refund, _): _ = try refund(id, reason: .other)
    case (.refundDeclined, _):
      _ = try requestRefund(id, reason: .other)
      _ = try declineRefund(id)
    case (.refundReversed, _):
      _ = try refund(id, reason: .other)
      _ = try reverseRefund(id)
    default: break
    }
  }
}
