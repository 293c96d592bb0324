#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPCore
import IAPFormats
import IAPStorage

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
      if let elsewhere = TriggerFlow.elsewhere(request.type) { throw .invalidRequest("\(request.type.rawValue): \(elsewhere)") }
      let subtypes = TriggerFlow.all.filter { $0.type == request.type }.map { $0.subtype?.rawValue ?? "no subtype" }
      if !subtypes.isEmpty {
        throw .invalidRequest("\(name): not a notification iap notifications trigger produces; \(request.type.rawValue) takes \(subtypes.joined(separator: ", "))")
      }
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
      guard product.type == productType, Self.fits(product, flow, in: catalog) else {
        throw .invalidRequest("\(flow.name) needs \(Self.need(flow, productType)); '\(id)' is not one")
      }
      return id
    }
    guard let product = catalog.products.first(where: { $0.type == productType && Self.fits($0, flow, in: catalog) }) else {
      throw .invalidRequest("\(flow.name) needs \(Self.need(flow, productType)), and the catalog has none")
    }
    return product.id
  }

  /// What product `flow` needs, in words.
  private static func need(_ flow: TriggerFlow, _ type: ProductType) -> String {
    switch flow.type {
    case .didChangeRenewalPref: return "an auto-renewable subscription with a \(flow.subtype == .upgrade ? "lower" : "higher") level in its group"
    case .revoke: return "a family-shareable non-consumable"
    default: return "a product of type \(type.rawValue)"
    }
  }

  /// Whether `product` can play `flow`: a family-shareable one for REVOKE, one with a level
  /// to move from in its group for an upgrade or a downgrade.
  private static func fits(_ product: Product, _ flow: TriggerFlow, in catalog: Catalog) -> Bool {
    switch flow.type {
    case .didChangeRenewalPref: return partner(of: product, upgrade: flow.subtype == .upgrade, in: catalog) != nil
    case .revoke: return product.familyShareable
    default: return true
    }
  }

  /// The product of `product`'s group to move from: one of lower service (a higher
  /// `groupLevel` number) before an upgrade, of higher service before a downgrade.
  private static func partner(of product: Product, upgrade: Bool, in catalog: Catalog) -> Product? {
    guard let group = product.subscriptionGroup, let level = product.groupLevel else { return nil }
    return catalog.products.first {
      guard $0.subscriptionGroup == group, let other = $0.groupLevel else { return false }
      return upgrade ? other > level : other < level
    }
  }

  /// Runs the use cases behind `flow`, as its `steps` name them.
  private func runTriggerFlow(_ flow: TriggerFlow, productId: String?) throws(IAPError) {
    guard let productId else {
      switch flow.type {
      case .test: try requestTestNotification()
      case .externalPurchaseToken: try leaveTokenUnreported()
      default: _ = try rescindConsent()
      }
      return
    }
    let catalog = try loadCatalog()
    func purchase(_ productId: String) throws(IAPError) -> Transaction {
      var request = BuyRequest(productId: productId)
      request.finish = true
      let bought = try buy(request)
      if let failure = bought.failure { throw failure }
      return bought.outcome
    }
    if flow.type == .didChangeRenewalPref, let product = catalog.product(productId),
      let from = Self.partner(of: product, upgrade: flow.subtype == .upgrade, in: catalog)
    {
      _ = try purchase(from.id)
    }
    let bought = try purchase(productId)
    let id = bought.id
    // Sets the store's clock to the subscription's renewal date, where it lapses.
    func toRenewal() throws(IAPError) {
      _ = try moveClock(MoveClockRequest(destination: .date(bought.expirationDate ?? bought.purchaseDate)))
    }
    func act(_ action: SubscriptionAction) throws(IAPError) { _ = try subscriptionAction(SubscriptionActionRequest(action, productId: productId)) }
    switch (flow.type, flow.subtype) {
    case (.didFailToRenew, _), (.gracePeriodExpired, _), (.expired, .billingRetry?), (.didRenew, .billingRecovery?):
      try failRenewal(flow, group: catalog.product(productId)?.subscriptionGroup, purchase: id)
    case (.subscribed, .resubscribe?):
      try act(.expire)
      _ = try purchase(productId)
    case (.didRenew, _): try act(.renew)
    case (.didChangeRenewalStatus, .autoRenewDisabled?): try act(.cancel)
    case (.didChangeRenewalStatus, _):
      try act(.cancel)
      try act(.resume)
    case (.expired, .productNotForSale?):
      _ = try setProductOnSale(productId, false)
      let moved = Result<Void, IAPError> { () throws(IAPError) in try toRenewal() }
      _ = try setProductOnSale(productId, true)
      try moved.get()
    case (.expired, .priceIncrease?):
      _ = try priceIncrease(productId, price: "\(Self.aCentMore(catalog.product(productId)))", consentRequired: true)
      _ = try priceIncreaseConsent(productId, accept: false)
      try toRenewal()
    case (.expired, _): try act(.expire)
    case (.priceIncrease, let subtype):
      _ = try priceIncrease(productId, price: "\(Self.aCentMore(catalog.product(productId)))", consentRequired: subtype == .pending)
    case (.consumptionRequest, _): _ = try requestRefund(id, reason: .other)
    case (.refund, _): _ = try refund(id, reason: .other)
    case (.refundDeclined, _):
      _ = try requestRefund(id, reason: .other)
      _ = try declineRefund(id)
    case (.refundReversed, _):
      _ = try refund(id, reason: .other)
      _ = try reverseRefund(id)
    case (.revoke, _):
      let member = account + "-family"
      _ = try addFamilyMember(member)
      _ = try removeFamilyMember(member)
    case (.renewalExtended, _):
      // Apple extends paid periods only: the renewal leaves any free trial behind.
      try act(.renew)
      try extendRenewal(productId, group: catalog.product(productId)?.subscriptionGroup)
    default: break
    }
  }

  /// Makes the subscription's next renewal fail, as the `billing-retry` and `grace-period`
  /// settings make it, by setting the store's clock to its renewal date, then goes on as the
  /// flow says: to the grace period's or billing retry's end, or a payment that goes through
  /// (`resolve`). The two settings are put back as they were, whatever happens.
  private func failRenewal(_ flow: TriggerFlow, group: String?, purchase id: UInt64) throws(IAPError) {
    let keys = ["billing-retry", "grace-period"]
    // The session's lock is let go before the settings change, which takes it for writing.
    let stored = try { () throws(IAPError) -> [String: String] in
      let session = try IAPError.ofState(stateDirectory.open(forWriting: false))
      return try IAPError.ofState(session.settingsOverrides())
    }()
    let grace = flow.subtype == .gracePeriod || flow.type == .gracePeriodExpired
    var outcome: Result<Void, IAPError> = .success(())
    do throws(IAPError) {
      _ = try changeSettings([try Self.setting("billing-retry", "on"), try Self.setting("grace-period", grace ? "on" : "off")])
      func subscription() throws(IAPError) -> Subscription {
        let opened = try openStore(forWriting: false)
        guard let group, let found = opened.store.state.accounts[account]?.subscriptions[group] else {
          throw .invalidRequest("account '\(account)' has no subscription whose renewal can fail")
        }
        return found
      }
      _ = try moveClock(MoveClockRequest(destination: .date(try subscription().expirationDate)))
      switch flow.type {
      case .gracePeriodExpired:
        if let end = try subscription().gracePeriodExpires { _ = try moveClock(MoveClockRequest(destination: .date(end))) }
      case .expired:
        if let end = try subscription().billingRetryEnds { _ = try moveClock(MoveClockRequest(destination: .date(end))) }
      case .didRenew: _ = try resolve(id)
      default: break
      }
    } catch {
      outcome = .failure(error)
    }
    let restored = keys.compactMap { key in stored[key].flatMap { try? SettingChange(key: key, value: $0) } }
    _ = try changeSettings(restored, resetting: keys.filter { stored[$0] == nil })
    try outcome.get()
  }

  /// The customer takes an external purchase token in an app configured for external
  /// purchase, and the store's clock goes to the end of its reporting period, unreported.
  /// The `external-purchase` setting is put back as it was, whatever happens.
  private func leaveTokenUnreported() throws(IAPError) {
    let key = "external-purchase"
    let stored = try { () throws(IAPError) -> String? in
      let session = try IAPError.ofState(stateDirectory.open(forWriting: false))
      return try IAPError.ofState(session.settingsOverrides())[key]
    }()
    var outcome: Result<Void, IAPError> = .success(())
    do throws(IAPError) {
      _ = try changeSettings([try Self.setting(key, "on")])
      let token = try createExternalPurchaseToken()
      _ = try moveClock(MoveClockRequest(destination: .date(token.unreportedDate)))
    } catch {
      outcome = .failure(error)
    }
    _ = try changeSettings(stored.flatMap { try? SettingChange(key: key, value: $0) }.map { [$0] } ?? [], resetting: stored == nil ? [key] : [])
    try outcome.get()
  }

  /// A cent more than the catalog's price: an increase within Apple's limits without consent.
  private static func aCentMore(_ product: Product?) -> Decimal {
    (product?.price ?? 0) + Decimal(sign: .plus, exponent: -2, significand: 1)
  }

  /// A setting the flow changes, by a name and value `StoreSettings` takes.
  private static func setting(_ key: String, _ value: String) throws(IAPError) -> SettingChange {
    do { return try SettingChange(key: key, value: value) } catch { throw .invalidRequest("\(key): \(error)") }
  }

  /// Request a Test Notification, as the App Store Server API's route makes it.
  private func requestTestNotification() throws(IAPError) {
    let bundleId = try loadCatalog().bundleId
    var opened = try openStore(forWriting: true)
    opened.store.app.bundleId = bundleId
    _ = opened.store.sendTestNotification(now: opened.now)
    try opened.commit()
  }

  /// Extend a Subscription Renewal Date by one day, as the App Store Server API's route makes it.
  private func extendRenewal(_ productId: String, group: String?) throws(IAPError) {
    var opened = try openStore(forWriting: true)
    guard let group, let subscription = opened.store.state.accounts[account]?.subscriptions[group] else {
      throw .invalidRequest("account '\(account)' has no subscription to \(productId) to extend")
    }
    do throws(ExtensionRefusal) {
      _ = try opened.store.extendRenewalDate(
        of: subscription, days: 1, reasonCode: 0, requestIdentifier: "notifications-trigger-\(opened.now.milliseconds)", now: opened.now)
    } catch {
      throw .invalidRequest("Apple does not extend this subscription (\(error))")
    }
    try opened.commit()
  }
}
